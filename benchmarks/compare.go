package benchmarks

import (
	"github.com/sdxc/robots"
	"github.com/temoto/robotstxt"
)

// Docs holds every corpus file parsed by both libraries, in Corpus.Files
// order.
type Docs struct {
	Ours   []*robots.Robots        // one per corpus file, in Corpus.Files order
	Temoto []*robotstxt.RobotsData // nil where temoto rejected the file
	// TemotoErrs holds temoto's parse error for each file (nil when it
	// parsed). temoto rejects a whole file for one bad line, such as a
	// Disallow before any User-agent.
	TemotoErrs []error
}

// ParseAll parses every file of c with both libraries.
func ParseAll(c *Corpus) *Docs {
	d := &Docs{
		Ours:       make([]*robots.Robots, len(c.Files)),
		Temoto:     make([]*robotstxt.RobotsData, len(c.Files)),
		TemotoErrs: make([]error, len(c.Files)),
	}
	for i, f := range c.Files {
		d.Ours[i] = robots.Parse(f.Data)
		d.Temoto[i], d.TemotoErrs[i] = robotstxt.FromBytes(f.Data)
	}
	return d
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

// A Verdict is both libraries' answer to one workload query.
type Verdict struct {
	Ours   bool // (*robots.Robots).IsAllowed
	Agent  bool // (*robots.Agent).IsAllowed; must equal Ours
	Temoto bool // TemotoAllowed
}

// Decide answers every query of w with both libraries.
func Decide(w *Workload, d *Docs) []Verdict {
	v := make([]Verdict, len(w.Queries))
	for i, q := range w.Queries {
		r := d.Ours[q.Site]
		v[i] = Verdict{
			Ours:   r.IsAllowed(q.Agent, q.Path),
			Agent:  r.Agent(q.Agent).IsAllowed(q.Path),
			Temoto: TemotoAllowed(d.Temoto[q.Site], q.Agent, q.Path),
		}
	}
	return v
}
