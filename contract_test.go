package robots_test

// The names SPEC.md fixes, as code outside the package compiles against
// them: a change to one of these signatures breaks this file's build before
// it breaks a caller's. Each assignment states the exact type the contract
// gives. TestDocComments holds the same public surface's docs to the
// repository's standard.

import (
	"context"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sdxc/robots"
)

// SPEC §1: robots.txt.
var (
	_ func([]byte) *robots.Robots                        = robots.Parse
	_ func(*robots.Robots, string, string) bool          = (*robots.Robots).IsAllowed
	_ func(*robots.Robots, string) (time.Duration, bool) = (*robots.Robots).CrawlDelay
	_ func(*robots.Robots) ([]byte, error)               = (*robots.Robots).MarshalText
	_ func(*robots.Robots, []byte) error                 = (*robots.Robots).UnmarshalText
	_ func(*robots.Robots) string                        = (*robots.Robots).String
	_ func(string) string                                = robots.ProductToken
	_ func(string) (string, error)                       = robots.RobotsURL
	_ []robots.Group                                     = robots.Robots{}.Groups
	_ []string                                           = robots.Robots{}.Sitemaps
	_ []robots.Record                                    = robots.Robots{}.Records
	_ []string                                           = robots.Group{}.UserAgents
	_ []robots.Rule                                      = robots.Group{}.Rules
	_ time.Duration                                      = robots.Group{}.CrawlDelay
	_ map[string]bool                                    = robots.Group{}.ContentSignals
	_                                                    = robots.Rule{Allow: true, Pattern: ""}
	_                                                    = robots.Record{Name: "", Value: ""}
)

// SPEC §2: fetching.
var (
	_ *http.Client   = robots.Fetcher{}.Client
	_ string         = robots.Fetcher{}.UserAgent
	_ int            = robots.Fetcher{}.MaxBytes
	_ int            = robots.Fetcher{}.MaxRedirects
	_ time.Duration  = robots.Fetcher{}.Timeout
	_ robots.Status  = robots.Outcome{}.Status
	_ int            = robots.Outcome{}.HTTPStatus
	_ *robots.Robots = robots.Outcome{}.Robots
	_ time.Duration  = robots.Outcome{}.Lifetime

	_ func(*robots.Fetcher, context.Context, string) *robots.Outcome = (*robots.Fetcher).Fetch
	_ func(*robots.Outcome, string, string) bool                     = (*robots.Outcome).IsAllowed
)

// SPEC §3: page directives.
var (
	_ string    = robots.Directives{}.Bot
	_ bool      = robots.Directives{}.NoIndex
	_ bool      = robots.Directives{}.NoFollow
	_ bool      = robots.Directives{}.NoArchive
	_ bool      = robots.Directives{}.NoSnippet
	_ bool      = robots.Directives{}.NoImageIndex
	_ bool      = robots.Directives{}.NoTranslate
	_ *int      = robots.Directives{}.MaxSnippet
	_ *int      = robots.Directives{}.MaxVideoPreview
	_ string    = robots.Directives{}.MaxImagePreview
	_ time.Time = robots.Directives{}.UnavailableAfter
	_ []string  = robots.Directives{}.Other

	_ func(string) []robots.Directives                    = robots.ParseDirectives
	_ func(http.Header, []byte, string) robots.Directives = robots.DirectivesFor
	_ func(robots.Directives) string                      = robots.Directives.String
	_ string                                              = robots.Link{}.URL
	_ []string                                            = robots.Link{}.Rel
	_ bool                                                = robots.Link{}.NoFollow
	_ func([]byte, *url.URL) []robots.Link                = robots.Links
)

// TestContractStatuses pins the Status values SPEC §2 gives: they are what
// an Outcome's JSON holds, which crawlers share.
func TestContractStatuses(t *testing.T) {
	for _, c := range []struct {
		got  robots.Status
		want string
	}{
		{robots.Parsed, "parsed"},
		{robots.Unavailable, "unavailable"},
		{robots.Unreachable, "unreachable"},
	} {
		if string(c.got) != c.want {
			t.Errorf("status %q, SPEC §2 says %q", c.got, c.want)
		}
	}
}

// TestDocComments holds the package's exported documentation to the
// repository's standard: every exported name has a doc comment that starts
// with the name (a const or var group's comment may speak for its names),
// and no doc speaks of SPEC, the contract users of the package do not have.
// go vet and staticcheck check neither.
func TestDocComments(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	pkg, err := doc.NewFromFiles(fset, parsed, "github.com/sdxc/robots")
	if err != nil {
		t.Fatal(err)
	}
	check := func(kind, name, text string) {
		t.Helper()
		switch {
		case text == "":
			t.Errorf("%s %s has no doc comment", kind, name)
		case !strings.HasPrefix(text, name+" ") && !strings.HasPrefix(text, "A "+name+" ") &&
			!strings.HasPrefix(text, "An "+name+" ") && !strings.HasPrefix(text, "The "+name+" "):
			t.Errorf("%s %s: doc starts %q, not with its name", kind, name, firstLine(text))
		}
		if strings.Contains(text, "SPEC") {
			t.Errorf("%s %s: doc names SPEC, which users do not have", kind, name)
		}
	}
	if !strings.HasPrefix(pkg.Doc, "Package robots ") {
		t.Errorf("package doc starts %q", firstLine(pkg.Doc))
	}
	values := func(vs []*doc.Value, kind string) {
		for _, v := range vs {
			if v.Doc != "" && len(v.Names) > 1 {
				if strings.Contains(v.Doc, "SPEC") {
					t.Errorf("%s group %v: doc names SPEC", kind, v.Names)
				}
				continue // the group's comment speaks for its names
			}
			for _, name := range v.Names {
				if token.IsExported(name) {
					check(kind, name, v.Doc)
				}
			}
		}
	}
	values(pkg.Consts, "const")
	values(pkg.Vars, "var")
	for _, f := range pkg.Funcs {
		check("func", f.Name, f.Doc)
	}
	for _, typ := range pkg.Types {
		check("type", typ.Name, typ.Doc)
		for _, spec := range typ.Decl.Specs {
			st, ok := spec.(*ast.TypeSpec).Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, field := range st.Fields.List {
				for _, name := range field.Names {
					if name.IsExported() && field.Doc == nil && field.Comment == nil {
						t.Errorf("field %s.%s has no comment", typ.Name, name.Name)
					}
				}
			}
		}
		values(typ.Consts, "const")
		values(typ.Vars, "var")
		for _, f := range typ.Funcs {
			check("func", f.Name, f.Doc)
		}
		for _, m := range typ.Methods {
			check("method "+typ.Name+".", m.Name, m.Doc)
		}
	}
}

// firstLine returns text's first line, for a message.
func firstLine(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return line
}
