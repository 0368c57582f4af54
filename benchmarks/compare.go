package benchmarks

import (
	"strings"

	"github.com/jimsmart/grobotstxt"
	"github.com/sdxc/robots"
	"github.com/temoto/robotstxt"
)

// Docs holds every corpus file parsed by ours and by temoto, and as text for
// grobotstxt, which parses a file anew on every query, in Corpus.Files order.
type Docs struct {
	Ours   []*robots.Robots        // one per corpus file, in Corpus.Files order
	Temoto []*robotstxt.RobotsData // nil where temoto rejected the file
	// TemotoErrs holds temoto's parse error for each file (nil when it
	// parsed). temoto rejects a whole file for one bad line, such as a
	// Disallow before any User-agent.
	TemotoErrs []error
	Bodies     []string // for grobotstxt
}

// ParseAll parses every file of c with both libraries.
func ParseAll(c *Corpus) *Docs {
	d := &Docs{
		Ours:       make([]*robots.Robots, len(c.Files)),
		Temoto:     make([]*robotstxt.RobotsData, len(c.Files)),
		TemotoErrs: make([]error, len(c.Files)),
		Bodies:     make([]string, len(c.Files)),
	}
	for i, f := range c.Files {
		d.Ours[i] = robots.Parse(f.Data)
		d.Temoto[i], d.TemotoErrs[i] = robotstxt.FromBytes(f.Data)
		d.Bodies[i] = string(f.Data)
	}
	return d
}

// GoogleAllowed answers a query with github.com/jimsmart/grobotstxt, a Go
// port of Google's C++ robots.txt parser and matcher, whose only API
// parses the file on every query: AgentAllowed(body, token, URL). It takes
// an absolute URL, and the crawler's product token ("googlebot", as
// robots.ProductToken gives it; Google matches it in any case), not a whole
// User-Agent: as Google's library does.
func GoogleAllowed(body, token, absoluteURL string) bool {
	return grobotstxt.AgentAllowed(body, token, absoluteURL)
}

// URL returns q as an absolute URL on the host its site's file was fetched
// from, for the libraries that take one.
func (w *Workload) URL(q Query) string {
	return "https://" + SiteHost(w.Corpus.Files[q.Site].Name) + q.Path
}

// SiteHost returns the host a corpus file was fetched from:
// "www.example.com@owner.txt" gives "www.example.com".
func SiteHost(name string) string {
	name = strings.TrimSuffix(name, ".txt")
	if i := strings.IndexByte(name, '@'); i >= 0 {
		name = name[:i]
	}
	return name
}

// TemotoAllowed answers a query the way Colly, temoto's best-known user,
// does: FindGroup for the crawler's user agent, then Test on the path. A
// file temoto rejected (nil data) disallows everything, as in Colly, whose
// checkRobots returns the parse error and skips the request.
func TemotoAllowed(d *robotstxt.RobotsData, agent, path string) bool {
	if d == nil {
		return false
	}
	return d.FindGroup(agent).Test(path)
}

// A Verdict is each library's answer to one workload query.
type Verdict struct {
	Ours   bool // (*robots.Robots).IsAllowed
	Agent  bool // (*robots.Agent).IsAllowed; must equal Ours
	Temoto bool // TemotoAllowed
	Google bool // GoogleAllowed, of the query's absolute URL
}

// Decide answers every query of w with each library.
func Decide(w *Workload, d *Docs) []Verdict {
	v := make([]Verdict, len(w.Queries))
	for i, q := range w.Queries {
		r := d.Ours[q.Site]
		v[i] = Verdict{
			Ours:   r.IsAllowed(q.Agent, q.Path),
			Agent:  r.Agent(q.Agent).IsAllowed(q.Path),
			Temoto: TemotoAllowed(d.Temoto[q.Site], q.Agent, q.Path),
			Google: GoogleAllowed(d.Bodies[q.Site], robots.ProductToken(q.Agent), w.URL(q)),
		}
	}
	return v
}
