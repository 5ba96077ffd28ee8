package blog

import (
	"bytes"
	"sync"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// Markdown is rendered on the server, then sanitized: goldmark already drops
// raw HTML and unsafe link schemes by default (no html.WithUnsafe), and
// bluemonday's UGC policy is the second wall, so even a future change to the
// renderer's options cannot let a <script>, an on* attribute or a
// javascript: URL reach the browser.
var (
	md = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Typographer))

	policyOnce sync.Once
	policy     *bluemonday.Policy
)

func sanitizer() *bluemonday.Policy {
	policyOnce.Do(func() {
		p := bluemonday.UGCPolicy()
		p.RequireNoFollowOnLinks(false)
		p.RequireNoReferrerOnFullyQualifiedLinks(true)
		p.AddTargetBlankToFullyQualifiedLinks(true)
		p.AllowURLSchemes("http", "https", "mailto")
		policy = p
	})
	return policy
}

// RenderMarkdown turns a Markdown body into HTML that is safe to insert into
// the page as is.
func RenderMarkdown(src string) (string, error) {
	var buf bytes.Buffer
	if err := md.Convert([]byte(src), &buf); err != nil {
		return "", err
	}
	return sanitizer().Sanitize(buf.String()), nil
}
