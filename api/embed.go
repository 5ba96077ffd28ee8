// Package api embeds the HTTP contract so tests can check responses against it.
package api

import _ "embed"

//go:embed openapi.yaml
var OpenAPI []byte
