package blog

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestContentHasFourArticlesPerCategory(t *testing.T) {
	articles, err := LoadContent()
	if err != nil {
		t.Fatal(err)
	}
	if len(articles) < 12 {
		t.Fatalf("%d articles, want at least 12", len(articles))
	}
	per := map[string]int{}
	dates := map[string]bool{}
	for _, a := range articles {
		per[a.Category]++
		d := a.PublishedAt.Format("2006-01-02")
		if dates[d] {
			t.Errorf("two articles published on %s: the order would depend on ids", d)
		}
		dates[d] = true
		if a.wordCount < 250 {
			t.Errorf("%s: only %d words", a.slug, a.wordCount)
		}
		if !strings.HasPrefix(a.ImageURL, ImagePath) || !strings.HasSuffix(a.ImageURL, ".svg") {
			t.Errorf("%s: image %q is not self-hosted", a.slug, a.ImageURL)
		}
		if len(a.Excerpt) > 300 {
			t.Errorf("%s: excerpt is %d characters", a.slug, len(a.Excerpt))
		}
		html, err := RenderMarkdown(a.body)
		if err != nil || !strings.Contains(html, "<h2") {
			t.Errorf("%s: rendered body has no sections (err %v)", a.slug, err)
		}
	}
	for _, c := range []string{"Training", "Recovery", "Gear"} {
		if per[c] < 4 {
			t.Errorf("category %s has %d articles, want at least 4", c, per[c])
		}
	}
}

func TestParseArticleRejectsBadFrontMatter(t *testing.T) {
	good := "---\ntitle: T\ncategory: Gear\nauthor: A\ndate: 2026-01-02\nexcerpt: E\nimage: x.svg\n---\nbody words\n"
	if _, err := parseArticle("x", good); err != nil {
		t.Fatalf("good article: %v", err)
	}
	for name, raw := range map[string]string{
		"no front matter": "just text",
		"unclosed":        "---\ntitle: T\n",
		"bad category":    strings.Replace(good, "Gear", "Cooking", 1),
		"bad date":        strings.Replace(good, "2026-01-02", "Jan 2", 1),
		"missing author":  strings.Replace(good, "author: A\n", "", 1),
	} {
		if _, err := parseArticle("x", raw); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	fsys := fstest.MapFS{"c/a.md": {Data: []byte(good)}}
	if _, err := parseContent(fsys, "c"); err == nil {
		t.Error("an article whose image file is missing was accepted")
	}
}

func TestReadingTime(t *testing.T) {
	for words, want := range map[int]int{0: 1, 1: 1, 200: 1, 201: 2, 400: 2, 401: 3} {
		if got := readingTime(words); got != want {
			t.Errorf("readingTime(%d) = %d, want %d", words, got, want)
		}
	}
}
