package boundaries

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// httpFiles import httpx although their names do not say so: they are
// HTTP adapters (a middleware and a webhook handler), not services or stores.
var httpFiles = map[string]bool{
	"coaching/viewas.go":        true,
	"billing/stripe/webhook.go": true,
}

// seedFiles hold seed and catalogue data, which may spell a tier.
var seedFiles = map[string]bool{
	"auth/seed.go":              true,
	"training/content.go":       true,
	"training/seed_calendar.go": true,
}

// notTiers are constants whose value happens to be a tier's name but that
// name something else (a community channel, a HYROX division).
var notTiers = map[string]bool{"ChannelElite": true, "DivisionPro": true}

type file struct {
	rel string // relative to internal/
	ast *ast.File
}

func sources(t *testing.T) []file {
	t.Helper()
	var out []file
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		out = append(out, file{filepath.ToSlash(rel), f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("found only %d source files: the walk is broken", len(out))
	}
	return out
}

func isHTTPFile(rel string) bool {
	base := filepath.Base(rel)
	return strings.HasPrefix(base, "http") || strings.HasSuffix(base, "_http.go") || httpFiles[rel]
}

// Services and stores take identity.Identity, never httpx: only an area's
// HTTP files (and httpx, server, and the wiring below them) import httpx.
func TestOnlyHTTPFilesImportHTTPX(t *testing.T) {
	for _, f := range sources(t) {
		top := strings.SplitN(f.rel, "/", 2)[0]
		if top == "httpx" || top == "server" || isHTTPFile(f.rel) {
			continue
		}
		for _, imp := range f.ast.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "hyrox/internal/httpx" {
				t.Errorf("internal/%s imports httpx: take identity.Identity and tier.* instead, or move the HTTP code to the area's http*.go", f.rel)
			}
		}
	}
}

// A tier is named once, in internal/tier: no "basic", "pro" or "elite"
// string literal elsewhere in Go code, seed data excepted.
func TestNoTierLiteralsOutsideTier(t *testing.T) {
	for _, f := range sources(t) {
		if strings.HasPrefix(f.rel, "tier/") || seedFiles[f.rel] {
			continue
		}
		ast.Inspect(f.ast, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Names) == 1 && notTiers[vs.Names[0].Name] {
				return false
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && (s == "basic" || s == "pro" || s == "elite") {
				t.Errorf("internal/%s: tier literal %s: use tier.Basic, tier.Pro or tier.Elite", f.rel, lit.Value)
			}
			return true
		})
	}
}

// gateCalls are the checks a route row declares (ARCHITECTURE.md#routes):
// a handler that makes one itself repeats, or forgets, what its row says.
var gateCalls = map[string]bool{"RequireUser": true, "RequireTier": true, "RequireSelf": true, "PathID": true, "DecodeJSON": true}

// inspectOutside walks every node of every source file but those under
// the folder (relative to internal/) allowed to do what the test forbids.
func inspectOutside(t *testing.T, folder string, fn func(f file, n ast.Node)) {
	for _, f := range sources(t) {
		if strings.HasPrefix(f.rel, folder) {
			continue
		}
		ast.Inspect(f.ast, func(n ast.Node) bool {
			fn(f, n)
			return true
		})
	}
}

func TestHandlersDoNotCheckTheirOwnGates(t *testing.T) {
	inspectOutside(t, "httpx/", func(f file, n ast.Node) {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "httpx" && gateCalls[sel.Sel.Name] {
				t.Errorf("internal/%s calls httpx.%s: declare the gate on the route's row (Public, Tier, NotFound, Limit) and take the body as the endpoint's input", f.rel, sel.Sel.Name)
			}
		}
	})
}

// Stores scan rows with db.Collect or db.Each (ARCHITECTURE.md#stores): a
// hand-written `for rows.Next()` loop is where a forgotten Close or Err
// hides. Any loop whose condition is a bare X.Next() call counts.
func TestNoRowLoopsOutsideDB(t *testing.T) {
	inspectOutside(t, "db/", func(f file, n ast.Node) {
		loop, ok := n.(*ast.ForStmt)
		if !ok || loop.Cond == nil {
			return
		}
		if call, ok := loop.Cond.(*ast.CallExpr); ok && len(call.Args) == 0 {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Next" {
				t.Errorf("internal/%s loops over rows by hand: use db.Collect or db.Each", f.rel)
			}
		}
	})
}
