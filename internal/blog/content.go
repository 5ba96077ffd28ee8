package blog

import (
	"bufio"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"time"
)

// The articles are Markdown files with a small front matter block:
//
//	---
//	title: ...
//	category: Training | Recovery | Gear | other
//	author: ...
//	date: YYYY-MM-DD
//	excerpt: ...
//	image: file name in content/images
//	---
//
// The file name (without .md) is the article's stable slug.
//
//go:embed content/*.md content/images/*.svg
var contentFS embed.FS

// Images serves the article illustrations (self-hosted, docs/product.md#web-app).
func Images() fs.FS {
	sub, err := fs.Sub(contentFS, "content/images")
	if err != nil {
		panic(err)
	}
	return sub
}

// ImagePath is where the server serves the illustrations.
const ImagePath = "/blog/images/"

// LoadContent parses every embedded article, oldest first.
func LoadContent() ([]Article, error) {
	return parseContent(contentFS, "content")
}

func parseContent(fsys fs.FS, dir string) ([]Article, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var out []Article
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".md" {
			continue
		}
		raw, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		a, err := parseArticle(strings.TrimSuffix(e.Name(), ".md"), string(raw))
		if err != nil {
			return nil, fmt.Errorf("blog content %s: %w", e.Name(), err)
		}
		if _, err := fs.Stat(fsys, path.Join(dir, "images", strings.TrimPrefix(a.ImageURL, ImagePath))); err != nil {
			return nil, fmt.Errorf("blog content %s: image: %w", e.Name(), err)
		}
		out = append(out, a)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].PublishedAt.Before(out[j].PublishedAt) })
	return out, nil
}

func parseArticle(slug, raw string) (Article, error) {
	raw = strings.ReplaceAll(raw, "\r\n", "\n")
	if !strings.HasPrefix(raw, "---\n") {
		return Article{}, fmt.Errorf("missing front matter")
	}
	head, body, ok := strings.Cut(raw[4:], "\n---\n")
	if !ok {
		return Article{}, fmt.Errorf("front matter is not closed")
	}
	meta := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(head))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return Article{}, fmt.Errorf("front matter line %q has no key", line)
		}
		meta[strings.TrimSpace(k)] = strings.Trim(strings.TrimSpace(v), `"`)
	}
	for _, k := range []string{"title", "category", "author", "date", "excerpt", "image"} {
		if meta[k] == "" {
			return Article{}, fmt.Errorf("front matter needs %s", k)
		}
	}
	if !slices.Contains(Categories, meta["category"]) {
		return Article{}, fmt.Errorf("unknown category %q", meta["category"])
	}
	date, err := time.Parse("2006-01-02", meta["date"])
	if err != nil {
		return Article{}, fmt.Errorf("date: %w", err)
	}
	body = strings.TrimSpace(body) + "\n"
	words := len(strings.Fields(body))
	return Article{
		Title: meta["title"], Excerpt: meta["excerpt"], Category: meta["category"], Author: meta["author"],
		ImageURL:    ImagePath + meta["image"],
		PublishedAt: date.Add(7 * time.Hour).UTC(), // a morning publish time keeps dates stable in every US zone
		ReadingTime: readingTime(words),
		slug:        slug, body: body, wordCount: words,
	}, nil
}
