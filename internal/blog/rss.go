package blog

import (
	"encoding/xml"
	"net/http"
	"strconv"
	"time"
)

// FeedSize is how many of the newest articles the RSS feed carries.
const FeedSize = 20

// RSS 2.0 (https://www.rssboard.org/rss-specification): channel needs title,
// link and description; each item needs a title or a description.
type rssDoc struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	Atom    string     `xml:"xmlns:atom,attr"`
	DC      string     `xml:"xmlns:dc,attr"`
	Channel rssChannel `xml:"channel"`
}

type rssChannel struct {
	Title         string    `xml:"title"`
	Link          string    `xml:"link"`
	Description   string    `xml:"description"`
	Language      string    `xml:"language"`
	LastBuildDate string    `xml:"lastBuildDate,omitempty"`
	AtomLink      atomLink  `xml:"atom:link"`
	Items         []rssItem `xml:"item"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

type rssItem struct {
	Title       string  `xml:"title"`
	Link        string  `xml:"link"`
	Description string  `xml:"description"`
	Category    string  `xml:"category"`
	Creator     string  `xml:"dc:creator"`
	PubDate     string  `xml:"pubDate"`
	GUID        rssGUID `xml:"guid"`
}

type rssGUID struct {
	IsPermaLink string `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

// BuildRSS renders the feed; every link is absolute, on publicURL.
func BuildRSS(publicURL string, articles []Article) ([]byte, error) {
	doc := rssDoc{Version: "2.0", Atom: "http://www.w3.org/2005/Atom", DC: "http://purl.org/dc/elements/1.1/",
		Channel: rssChannel{
			Title:       "HYROX Training Hub Blog",
			Link:        publicURL + "/blog",
			Description: "Training, recovery and gear articles for HYROX athletes.",
			Language:    "en-us",
			AtomLink:    atomLink{Href: publicURL + "/blog/rss.xml", Rel: "self", Type: "application/rss+xml"},
			Items:       []rssItem{},
		}}
	if len(articles) > 0 {
		doc.Channel.LastBuildDate = articles[0].PublishedAt.UTC().Format(time.RFC1123Z)
	}
	for _, a := range articles {
		link := publicURL + "/blog/" + strconv.FormatInt(a.ID, 10)
		doc.Channel.Items = append(doc.Channel.Items, rssItem{
			Title: a.Title, Link: link, Description: a.Excerpt, Category: a.Category, Creator: a.Author,
			PubDate: a.PublishedAt.UTC().Format(time.RFC1123Z),
			GUID:    rssGUID{IsPermaLink: "true", Value: link},
		})
	}
	out, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), append(out, '\n')...), nil
}

func (h *HTTP) rss(w http.ResponseWriter, r *http.Request) error {
	articles, err := h.svc.Feed(r.Context(), FeedSize)
	if err != nil {
		return err
	}
	body, err := BuildRSS(h.publicURL, articles)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/rss+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=900")
	_, _ = w.Write(body)
	return nil
}
