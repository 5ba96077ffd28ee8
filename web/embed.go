// Package web embeds the built React app (web/dist, made by `npm run build`).
package web

import "embed"

//go:embed all:dist
var Dist embed.FS
