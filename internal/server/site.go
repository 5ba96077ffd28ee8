package server

import "hyrox/internal/httpx"

// siteInfo answers GET /api/site: what the web app needs to know about this
// deployment (docs/product.md#navigation): the support address behind 'Contact
// Support', and where e-mails go, so the password-reset page shows its
// 'token in the server console' note only when that is true.
type siteInfo struct {
	SupportEmail  string `json:"supportEmail"`
	EmailDelivery string `json:"emailDelivery"` // smtp, log or off
}

type siteHTTP struct{ info siteInfo }

// Routes are the site's row of the route table (ARCHITECTURE.md#routes).
func (h siteHTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/site", Public: true, Endpoint: httpx.Read(h.site)},
	}
}

func (h siteHTTP) site(*httpx.Call) (siteInfo, error) { return h.info, nil }
