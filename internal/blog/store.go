package blog

import (
	"context"
	"database/sql"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// Store is the blog's SQL: one query per method.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// ErrArticleNotFound is the 404 for an unknown article id.
var ErrArticleNotFound = &apperr.Error{Code: apperr.CodeNotFound, Message: "Article not found."}

const articleColumns = `a.id, a.slug, a.title, a.excerpt, a.category, a.author, a.image_url, a.body, a.word_count, a.published_at`

func scanArticle(sc interface{ Scan(...any) error }, extra ...any) (Article, error) {
	var a Article
	dest := append([]any{&a.ID, &a.slug, &a.Title, &a.Excerpt, &a.Category, &a.Author, &a.ImageURL, &a.body, &a.wordCount, &a.PublishedAt}, extra...)
	if err := sc.Scan(dest...); err != nil {
		return Article{}, err
	}
	a.PublishedAt = a.PublishedAt.UTC()
	a.ReadingTime = readingTime(a.wordCount)
	return a, nil
}

// UpsertArticles inserts the articles that are new and updates the ones
// whose slug exists and whose content changed (an unchanged article is not
// rewritten, so every instance can run it at start), in one transaction; ids
// never change.
func (s *Store) UpsertArticles(ctx context.Context, articles []Article) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, a := range articles {
			if _, err := tx.Exec(ctx, `INSERT INTO articles (slug, title, excerpt, category, author, image_url, body, word_count, published_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (slug) DO UPDATE SET title = excluded.title, excerpt = excluded.excerpt,
					category = excluded.category, author = excluded.author, image_url = excluded.image_url,
					body = excluded.body, word_count = excluded.word_count, published_at = excluded.published_at
				WHERE articles.title <> excluded.title OR articles.excerpt <> excluded.excerpt
					OR articles.category <> excluded.category OR articles.author <> excluded.author
					OR articles.image_url <> excluded.image_url OR articles.body <> excluded.body
					OR articles.published_at <> excluded.published_at`,
				a.slug, a.Title, a.Excerpt, a.Category, a.Author, a.ImageURL, a.body, a.wordCount, a.PublishedAt.UTC()); err != nil {
				return err
			}
		}
		return nil
	})
}

// ListQuery selects one page of articles, newest first.
type ListQuery struct {
	Category string // "" for every category
	// After is the (published_at, id) of the last article of the previous page.
	AfterTime time.Time
	AfterID   int64
	Limit     int
}

// ListArticles answers one page, using the articles_published or
// articles_category_published index.
func (s *Store) ListArticles(ctx context.Context, q ListQuery) ([]Article, error) {
	query, args := listArticlesSQL(q)
	rows, err := s.db.Query(ctx, query, args...)
	return db.Collect(rows, err, func(r db.Scanner) (Article, error) { return scanArticle(r) })
}

func listArticlesSQL(q ListQuery) (string, []any) {
	query := `SELECT ` + articleColumns + ` FROM articles a WHERE 1 = 1`
	var args []any
	if q.Category != "" {
		query += ` AND a.category = ?`
		args = append(args, q.Category)
	}
	if q.AfterID > 0 {
		query += ` AND (a.published_at, a.id) < (?, ?)`
		args = append(args, q.AfterTime.UTC(), q.AfterID)
	}
	query += ` ORDER BY a.published_at DESC, a.id DESC LIMIT ?`
	args = append(args, q.Limit)
	return query, args
}

// ArticleWithNeighbours returns one article and the ids of the articles
// published just before and just after it.
func (s *Store) ArticleWithNeighbours(ctx context.Context, id int64) (Article, *int64, *int64, error) {
	var prev, next sql.NullInt64
	a, err := scanArticle(s.db.QueryRow(ctx, `SELECT `+articleColumns+`,
		(SELECT p.id FROM articles p WHERE (p.published_at, p.id) < (a.published_at, a.id) ORDER BY p.published_at DESC, p.id DESC LIMIT 1),
		(SELECT n.id FROM articles n WHERE (n.published_at, n.id) > (a.published_at, a.id) ORDER BY n.published_at ASC, n.id ASC LIMIT 1)
		FROM articles a WHERE a.id = ?`, id), &prev, &next)
	if err != nil {
		return Article{}, nil, nil, apperr.NotFoundIfNoRows(err, ErrArticleNotFound)
	}
	return a, nullID(prev), nullID(next), nil
}

func nullID(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

// CountSubscribers counts the rows for one address (0 or 1).
func (s *Store) CountSubscribers(ctx context.Context, email string) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM newsletter_subscribers WHERE email = ?`, email).Scan(&n)
	return n, err
}

// SubscribersByUser lists the addresses a user subscribed (for the data export).
func (s *Store) SubscribersByUser(ctx context.Context, userID int64) ([]Subscriber, error) {
	rows, err := s.db.Query(ctx, `SELECT id, email, user_id, created_at FROM newsletter_subscribers
		WHERE user_id = ? ORDER BY id`, userID)
	return db.Collect(rows, err, func(r db.Scanner) (sub Subscriber, err error) {
		err = r.Scan(&sub.ID, &sub.Email, &sub.UserID, &sub.CreatedAt)
		sub.CreatedAt = sub.CreatedAt.UTC()
		return sub, err
	})
}
