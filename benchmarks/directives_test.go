package benchmarks

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/sdxc/robots"
	"golang.org/x/net/html"
)

const pageAgent = "ExampleBot/1.0 (+https://example.com/bot)"

// head is a 2 KB document head shaped like a news page's: charset, viewport,
// title, preloads, a stylesheet, an inline script, Open Graph tags and the
// robots metas.
var head = func() string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html lang="en"><head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>City council approves the new tram line after a long debate | Example News</title>
<link rel="preconnect" href="https://cdn.example.com">
<link rel="stylesheet" href="https://cdn.example.com/css/site.4f2a9c.css">
<link rel="canonical" href="https://example.com/news/2025/06/tram-line">
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date());</script>
<meta name="robots" content="index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1">
<meta name="examplebot" content="noarchive">
`)
	for i := 0; b.Len() < 2000; i++ {
		b.WriteString(`<meta property="og:image" content="https://cdn.example.com/img/tram-line-`)
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(`.jpg">` + "\n")
	}
	b.WriteString("</head>\n")
	return b.String()
}()

// body is a 1 MB body of paragraphs and links.
var body = func() string {
	var b strings.Builder
	b.WriteString("<body><main>\n")
	for b.Len() < 1<<20 {
		b.WriteString(`<p>The council voted 31 to 12 in favour of the line, which will run from the station to the university. <a href="/news/2025/06/related-story">Related story</a> and <a href="https://forum.example/t/9" rel="ugc nofollow">comments</a>.</p>` + "\n")
	}
	b.WriteString("</main></body></html>\n")
	return b.String()
}()

// BenchmarkDirectivesForHead shows that reading meta tags stops at the end
// of the head: a 1 MB body costs (almost) nothing. In UTF-16 it costs the
// decoding of the first 16 KiB, which DirectivesFor decodes whatever the
// head's size (then twice as much each time the head goes on): a constant,
// whatever the body's size.
func BenchmarkDirectivesForHead(b *testing.B) {
	utf8Page := http.Header{"Content-Type": {"text/html; charset=utf-8"}, "X-Robots-Tag": {"noimageindex"}}
	utf16Page := http.Header{"Content-Type": {"text/html; charset=utf-16le"}, "X-Robots-Tag": {"noimageindex"}}
	for _, tc := range []struct {
		name string
		h    http.Header
		page []byte
	}{
		{"head-only", utf8Page, []byte(head)},
		{"head+1MB-body", utf8Page, []byte(head + body)},
		{"utf16/head-only", utf16Page, utf16LE(head)},
		{"utf16/head+1MB-body", utf16Page, utf16LE(head + body)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				d := robots.DirectivesFor(tc.h, tc.page, pageAgent)
				if !d.NoArchive || !d.NoImageIndex {
					b.Fatalf("DirectivesFor = %v, want noarchive and noimageindex", d)
				}
			}
		})
	}
}

// BenchmarkDirectivesForBodyCost times DirectivesFor on the head alone and on
// the head and a 1 MB body in turn, and reports how many times as long the
// second took (body/head; issue 4 asks for at most 1.1; for UTF-16, see
// BenchmarkDirectivesForHead). Taken in turn, the two are slowed alike by a
// machine whose speed drifts, which can move BenchmarkDirectivesForHead's
// separate figures by more than 10 %.
func BenchmarkDirectivesForBodyCost(b *testing.B) {
	for _, tc := range []struct {
		name       string
		h          http.Header
		head, page []byte
	}{
		{"utf8", http.Header{"Content-Type": {"text/html; charset=utf-8"}}, []byte(head), []byte(head + body)},
		{"utf16", http.Header{"Content-Type": {"text/html; charset=utf-16le"}}, utf16LE(head), utf16LE(head + body)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			inTurn(b, "body/head", func() {
				for range 16 {
					robots.DirectivesFor(tc.h, tc.head, pageAgent)
				}
			}, func() {
				for range 16 {
					robots.DirectivesFor(tc.h, tc.page, pageAgent)
				}
			})
		})
	}
}

// utf16LE encodes s in UTF-16, little-endian.
func utf16LE(s string) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// BenchmarkParseDirectives parses typical X-Robots-Tag lines; the target is
// at most one allocation per returned set.
func BenchmarkParseDirectives(b *testing.B) {
	for _, tc := range []struct {
		name, value string
		sets        int
	}{
		{"flags", "noindex, nofollow", 1},
		{"scoped", "googlebot: noindex, nofollow", 1},
		{"date", "unavailable_after: Wed, 25 Jun 2025 15:00:00 PST", 1},
		{"limits", "index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1", 1},
		{"two-scopes", "googlebot: noindex, max-snippet: 20, otherbot: nofollow", 2},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if sets := robots.ParseDirectives(tc.value); len(sets) != tc.sets {
					b.Fatalf("ParseDirectives(%q) gave %d sets, want %d", tc.value, len(sets), tc.sets)
				}
			}
		})
	}
}

// linkPages are the real pages of ../testdata/html from 50 KB up.
func linkPages(b *testing.B) [][]byte {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "html", "*.html"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no pages in ../testdata/html: %v", err)
	}
	var pages [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		if len(data) >= 50_000 {
			pages = append(pages, data)
		}
	}
	return pages
}

// BenchmarkLinks compares Links with html.Parse plus a tree walk doing the
// same work, on real-world pages; the target is at least twice the MB/s.
func BenchmarkLinks(b *testing.B) {
	pages := linkPages(b)
	total := 0
	for _, p := range pages {
		total += len(p)
	}
	base, _ := url.Parse("https://example.com/dir/page.html")
	b.Run("robots.Links", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pages {
				robots.Links(p, base)
			}
		}
	})
	b.Run("html.Parse+walk", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pages {
				treeLinks(p, base)
			}
		}
	})
	b.Run("html.Parse+walk/hrefs-only", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pages {
				treeHrefs(p)
			}
		}
	})
}

// BenchmarkLinksVsTree times Links and the tree walk of BenchmarkLinks in
// turn, over all the pages each time, and reports how many times as long
// the tree walk took (tree/links; issue 4 asks for at least 2). On a
// machine whose speed drifts by a third over minutes, the two benchmarks
// of BenchmarkLinks, run a few seconds apart, can be 10-20 % off each
// other's conditions; taken in turn, they are slowed alike.
func BenchmarkLinksVsTree(b *testing.B) {
	pages := linkPages(b)
	base, _ := url.Parse("https://example.com/dir/page.html")
	inTurn(b, "tree/links", func() {
		for _, p := range pages {
			robots.Links(p, base)
		}
	}, func() {
		for _, p := range pages {
			treeLinks(p, base)
		}
	})
}

// inTurn runs first and then second on each iteration of b, and reports
// under unit how many times as long second took in all.
func inTurn(b *testing.B, unit string, first, second func()) {
	var took1, took2 time.Duration
	for b.Loop() {
		start := time.Now()
		first()
		mid := time.Now()
		second()
		took1, took2 = took1+mid.Sub(start), took2+time.Since(mid)
	}
	b.ReportMetric(float64(took2)/float64(took1), unit)
}

// treeLinks is what a crawler writes without robots.Links: parse the tree,
// walk it for <a>/<area>, resolve against <base href>, read rel.
func treeLinks(page []byte, base *url.URL) []robots.Link {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil
	}
	var out []robots.Link
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "base":
			for _, a := range n.Attr {
				if a.Key == "href" {
					if u, err := url.Parse(strings.TrimSpace(a.Val)); err == nil {
						base = base.ResolveReference(u)
					}
				}
			}
		case "a", "area":
			var l robots.Link
			href, ok := "", false
			for _, a := range n.Attr {
				switch a.Key {
				case "href":
					href, ok = a.Val, true
				case "rel":
					l.Rel = strings.Fields(strings.ToLower(a.Val))
				}
			}
			if !ok {
				continue
			}
			ref, err := url.Parse(strings.TrimSpace(href))
			if err != nil {
				continue
			}
			u := base.ResolveReference(ref)
			u.Fragment = ""
			if u.Scheme != "http" && u.Scheme != "https" {
				continue
			}
			l.URL = u.String()
			for _, r := range l.Rel {
				l.NoFollow = l.NoFollow || r == "nofollow" || r == "ugc" || r == "sponsored"
			}
			out = append(out, l)
		}
	}
	return out
}

// treeHrefs is the least a tree walk does: collect the raw hrefs.
func treeHrefs(page []byte) []string {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil
	}
	var out []string
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && (n.Data == "a" || n.Data == "area") {
			for _, a := range n.Attr {
				if a.Key == "href" {
					out = append(out, a.Val)
				}
			}
		}
	}
	return out
}

// hostilePages are 256 KiB bodies built to make a scanner that follows
// foreign content search its whole stack of open elements on every tag:
// SVG nested 512 deep (as deep as html.Parse follows), then end tags of an
// element that is not open, table cells a foreignObject drops, </template>
// where none is open, or <a> start tags past the HTML elements followed;
// and the same end tags after a lone <svg>, which have nothing to search;
// and bodies of <noscript>s. Each is read as html.Parse would read it; the
// question is only how long it takes.
var hostilePages = func() []struct{ name, page string } {
	deep := "<svg>" + strings.Repeat("<g>", 511)
	fill := func(prefix, unit string) string {
		return prefix + strings.Repeat(unit, (256<<10-len(prefix))/len(unit)) + `<a href="/after">after</a>`
	}
	return []struct{ name, page string }{
		{"end-tags", fill(deep, "</x>")},
		{"end-tags-named", fill("<svg>"+strings.Repeat("<g>", 255)+strings.Repeat("<h>", 255), "</g2>")},
		{"table-cells", fill("<svg>"+strings.Repeat("<g>", 510)+"<foreignObject>", "<td>")},
		{"template-end-tags", fill("<svg>"+strings.Repeat("<g>", 510)+"<foreignObject><div>", "</template>")},
		// <a> and <nobr> look for one open before them, which an HTML
		// element past those followed cannot be: the search crosses every
		// scope, so runs of foreign elements must be passed in one step.
		{"a-tags", fill("<svg>"+strings.Repeat("<g>", 510)+"<foreignObject>"+strings.Repeat("<i>", 15), "<a>")},
		// One run of foreign elements, every other one special.
		{"a-tags-special", fill(strings.Repeat("<svg><foreignObject>", 256), "<a>")},
		{"end-tags-shallow", fill("<svg>", "</x>")}, // the same tags with nothing to search, for scale
		// <noscript>s, read with and without scripts: empty ones, and ones
		// whose reading without scripts never ends (a comment to the end
		// of the body), which a scanner reading each alone would read to
		// the end every time.
		{"noscripts", fill("", "<noscript></noscript>")},
		{"noscript-comments", fill("", "<noscript><!--</noscript>")},
	}
}()

// BenchmarkLinksHostile measures Links on hostilePages, in MB/s; a scanner
// whose every tag searches 512 elements reads them some hundred times more
// slowly than BenchmarkLinks's real pages.
func BenchmarkLinksHostile(b *testing.B) {
	base, _ := url.Parse("https://example.com/")
	for _, p := range hostilePages {
		b.Run(p.name, func(b *testing.B) {
			page := []byte(p.page)
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			for b.Loop() {
				if len(robots.Links(page, base)) != 1 {
					b.Fatal("the link after the hostile markup is lost")
				}
			}
		})
	}
}
