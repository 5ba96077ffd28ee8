package server

import (
	"net/http"

	"hyrox/internal/httpx"
)

// siteInfo answers GET /api/site: what the web app needs to know about this
// deployment (docs/product.md#navigation): the support address behind 'Contact
// Support', and where e-mails go, so the password-reset page shows its
// 'token in the server console' note only when that is true.
type siteInfo struct {
	SupportEmail  string `json:"supportEmail"`
	EmailDelivery string `json:"emailDelivery"` // smtp, log or off
}

type siteHTTP struct{ info siteInfo }

func (h siteHTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/site", httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		httpx.WriteJSON(w, http.StatusOK, h.info)
		return nil
	}))
}
