package stripe

import stripego "github.com/stripe/stripe-go/v85"

var stripeCardError = stripego.Error{Type: stripego.ErrorTypeCard, Msg: "Your card was declined.", HTTPStatusCode: 402}
