// Package blog owns the articles (Markdown shipped in the binary, seeded into
// the articles table), their rendering to safe HTML, the RSS feed and the
// newsletter subscribers.
package blog

import "time"

// Categories an article can have (docs/product.md#blog: Training, Recovery, Gear, other).
var Categories = []string{"Training", "Recovery", "Gear", "other"}

// Article is one entry of the article list (docs/product.md#blog).
type Article struct {
	ID          int64     `json:"id"`
	Title       string    `json:"title"`
	Excerpt     string    `json:"excerpt"`
	Category    string    `json:"category"`
	Author      string    `json:"author"`
	ImageURL    string    `json:"imageUrl"`
	PublishedAt time.Time `json:"publishedAt"`
	// ReadingTime is in whole minutes, at least 1.
	ReadingTime int `json:"readingTime"`

	slug      string
	body      string
	wordCount int
}

// ArticleDetail is one article with its body rendered to sanitized HTML and
// its neighbours in publication order: PreviousID is the article published
// just before it (older), NextID the one just after it (newer); nil at the ends.
type ArticleDetail struct {
	Article
	HTML       string `json:"html"`
	PreviousID *int64 `json:"previousId"`
	NextID     *int64 `json:"nextId"`
}

// Subscriber is one newsletter address.
type Subscriber struct {
	ID        int64     `json:"id"`
	Email     string    `json:"email"`
	UserID    int64     `json:"userId"`
	CreatedAt time.Time `json:"createdAt"`
}

// NewsletterInput is the body of POST /api/newsletter.
type NewsletterInput struct {
	Email string `json:"email"`
}

// NewsletterResult answers the newsletter's endpoints; subscribing twice is
// a success that says so (AlreadySubscribed) and adds no row.
type NewsletterResult struct {
	Email   string `json:"email"`
	Message string `json:"message"`
}

// readingTime is minutes at 200 words a minute, rounded up, at least 1.
func readingTime(words int) int {
	return max(1, (words+199)/200)
}
