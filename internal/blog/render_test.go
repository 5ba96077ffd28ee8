package blog

import (
	"strings"
	"testing"
)

func TestRenderMarkdownIsHarmless(t *testing.T) {
	cases := []struct{ name, src string }{
		{"script tag", "Hello\n\n<script>alert('x')</script>\n\nbye"},
		{"inline script", "text <script>alert(1)</script> text"},
		{"javascript link", "[click me](javascript:alert(1))"},
		{"javascript link with entities", "[click](jav&#x61;script:alert(1))"},
		{"javascript autolink", "<javascript:alert(1)>"},
		{"data link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"},
		{"event handler", `<img src="x" onerror="alert(1)">`},
		{"iframe", `<iframe src="https://evil.example"></iframe>`},
		{"reference link", "[x][1]\n\n[1]: javascript:alert(1)"},
		{"image javascript", "![x](javascript:alert(1))"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			html, err := RenderMarkdown(tc.src)
			if err != nil {
				t.Fatal(err)
			}
			// Text that merely reads "javascript:" is harmless; a tag, an
			// attribute or a URL that would run it is not.
			low := strings.ToLower(strings.Join(strings.Fields(html), ""))
			for _, bad := range []string{"<script", `="javascript:`, `='javascript:`, "onerror=", "<iframe", `="data:`, `src="x"`} {
				if strings.Contains(low, bad) {
					t.Errorf("rendered %q contains %q: %s", tc.src, bad, html)
				}
			}
		})
	}
}

func TestRenderMarkdownKeepsArticleFormatting(t *testing.T) {
	html, err := RenderMarkdown("## Loads\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- **bold** and [link](https://example.com/x)\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h2", "<table>", "<td>1</td>", "<strong>bold</strong>", `href="https://example.com/x"`, `rel="noreferrer noopener"`} {
		if !strings.Contains(html, want) {
			t.Errorf("missing %q in %s", want, html)
		}
	}
}
