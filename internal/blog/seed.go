package blog

import (
	"context"

	"hyrox/internal/db"
)

// Seed upserts every embedded article by its slug: running it again changes
// nothing, and an edited article file updates its row without changing its id.
// demoUsers is unused: articles belong to nobody.
func Seed(ctx context.Context, d *db.DB, demoUsers map[string]int64) error {
	articles, err := LoadContent()
	if err != nil {
		return err
	}
	return NewStore(d).UpsertArticles(ctx, articles)
}
