// Command pocketbase-bench is PocketBase (the Go module, unchanged) with one
// extra command, `load`, that fills a `posts` collection with the community
// posts of the app's scale data, so `make bench BENCH_POCKETBASE=1` can put
// PocketBase's list-records beside the app's feed on the same rows
// (docs/benchmarks/2026-11-25.md#pocketbase-side-by-side-make-bench-bench_pocketbase1).
//
// It is its own module (bench/pocketbase/go.mod): the app's go.mod does not
// carry PocketBase and its dependencies.
//
//	pocketbase-bench load --dir DIR --posts posts.tsv   (once per scale size)
//	pocketbase-bench serve --dir DIR --http 127.0.0.1:PORT
package main

import (
	"bufio"
	"crypto/rand"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

func main() {
	app := pocketbase.New()
	var postsFile string
	load := &cobra.Command{
		Use:   "load",
		Short: "create the posts collection and load it from a TSV file (id, user_id, username, content, created, like_count, comment_count)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := app.Bootstrap(); err != nil {
				return err
			}
			n, err := loadPosts(app, postsFile)
			if err != nil {
				return err
			}
			fmt.Printf("loaded %d posts\n", n)
			return nil
		},
	}
	load.Flags().StringVar(&postsFile, "posts", "", "TSV file of posts")
	app.RootCmd.AddCommand(load)
	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// loadPosts makes the collection as an administrator would in the dashboard
// (public list rule, an index on created) and inserts the rows with plain SQL
// in one transaction: saving 137,147 records one by one through the record
// API would take minutes and measure nothing the benchmark reads.
func loadPosts(app core.App, file string) (int, error) {
	if _, err := app.FindCollectionByNameOrId("posts"); err == nil {
		return 0, fmt.Errorf("the posts collection exists already")
	}
	// A superuser, so that `serve` does not open the installer in a browser.
	// Its password is random and forgotten: the benchmark reads public records.
	sc, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		return 0, err
	}
	su := core.NewRecord(sc)
	su.SetEmail("bench@example.com")
	su.SetPassword(rand.Text())
	if err := app.Save(su); err != nil {
		return 0, err
	}
	c := core.NewBaseCollection("posts")
	public := ""
	c.ListRule, c.ViewRule = &public, &public
	c.Fields.Add(
		&core.NumberField{Name: "user_id", OnlyInt: true},
		&core.TextField{Name: "username"},
		&core.TextField{Name: "content"},
		&core.NumberField{Name: "like_count", OnlyInt: true},
		&core.NumberField{Name: "comment_count", OnlyInt: true},
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
	c.AddIndex("idx_posts_created", false, "created", "")
	if err := app.Save(c); err != nil {
		return 0, err
	}
	f, err := os.Open(file)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	n := 0
	err = app.RunInTransaction(func(tx core.App) error {
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		q := tx.DB().NewQuery(`INSERT INTO posts (id, user_id, username, content, like_count, comment_count, created, updated)
			VALUES ({:id}, {:user_id}, {:username}, {:content}, {:likes}, {:comments}, {:created}, {:created})`)
		for sc.Scan() {
			c := strings.Split(sc.Text(), "\t")
			if len(c) != 7 {
				return fmt.Errorf("posts line %d: %d fields", n+1, len(c))
			}
			content, err := strconv.Unquote(c[3])
			if err != nil {
				return fmt.Errorf("posts line %d: content: %w", n+1, err)
			}
			// PocketBase ids are 15 characters [a-z0-9]; the app's id, padded, keeps them unique.
			if _, err := q.Bind(dbx.Params{"id": fmt.Sprintf("p%014d", mustInt(c[0])), "user_id": mustInt(c[1]),
				"username": c[2], "content": content, "created": c[4],
				"likes": mustInt(c[5]), "comments": mustInt(c[6])}).Execute(); err != nil {
				return err
			}
			n++
		}
		return sc.Err()
	})
	return n, err
}

func mustInt(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		panic(err)
	}
	return n
}
