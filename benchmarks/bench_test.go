package benchmarks

import (
	"flag"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jimsmart/grobotstxt"
	"github.com/sdxc/robots"
	"github.com/temoto/robotstxt"
)

// hostileTemotoRules is how many hostile rules temoto's document gets. Its
// regexp engine takes about 50 ms per rule on the 100 KiB path, so the full
// 100 rules (seconds per query) run only when asked:
//
//	go test -run='^$' -bench=Hostile -args -hostile.temoto=100
var hostileTemotoRules = flag.Int("hostile.temoto", 1, "hostile rules in temoto's document (the figure is scaled to 100 rules)")

// detail adds IsAllowed sub-benchmarks (document API) that show where the
// time goes: each kind of query on its own, and the whole workload in site
// order (each document's queries together, so it stays in cache) instead of
// shuffled: go test -run='^$' -bench=IsAllowed -args -detail
var detail = flag.Bool("detail", false, "also benchmark IsAllowed per kind of query and in site order")

var (
	setupOnce sync.Once
	setupErr  error
	corpus    *Corpus
	work      *Workload
	order     []int // a fixed shuffle of work.Queries
)

// setup loads the corpus and builds the workload, once per test binary.
// Parsed documents are not kept here: each benchmark that needs them parses
// its own and drops them when it returns, so that the live heap stays small
// for BenchmarkHeldHeap, whose GCs would otherwise walk every document.
func setup(tb testing.TB) (*Corpus, *Workload) {
	tb.Helper()
	setupOnce.Do(func() {
		var td string
		if td, setupErr = FindTestdata(); setupErr != nil {
			return
		}
		if corpus, setupErr = LoadCorpus(td); setupErr != nil {
			return
		}
		work = NewWorkload(corpus, Seed)
		// Crawlers interleave hosts; a shuffled order keeps one site's
		// document from staying hot in the cache for all its queries.
		order = make([]int, len(work.Queries))
		r := newRNG(Seed)
		for i := range order {
			j := r.intn(i + 1)
			order[i] = order[j]
			order[j] = i
		}
	})
	if setupErr != nil {
		tb.Fatal(setupErr)
	}
	return corpus, work
}

// Sinks keep the compiler from discarding the work being measured.
var (
	sinkBool    bool
	sinkRobots  *robots.Robots
	sinkTemoto  *robotstxt.RobotsData
	sinkDoc     any
	sinkAllowed int
)

// A cpuStart is the process's CPU time when a benchmark loop started.
type cpuStart struct {
	t  time.Duration
	ok bool
}

func startCPU() cpuStart {
	t, ok := cpuTime()
	return cpuStart{t, ok}
}

// report reports, after a b.Loop loop, the CPU time per op divided by
// perOp units and by scale, as metric unit. It reports nothing when CPU
// time is not measured.
func (s cpuStart) report(b *testing.B, perOp, scale float64, unit string) {
	now, ok := cpuTime()
	if !s.ok || !ok || b.N == 0 {
		return
	}
	b.ReportMetric(float64(now-s.t)/float64(b.N)/perOp/scale, unit)
}

// reportMBs reports, after a b.Loop loop over size bytes per op, the
// throughput in CPU time as cpu-MB/s (10^6 bytes, as go test's MB/s).
func (s cpuStart) reportMBs(b *testing.B, size int) {
	now, ok := cpuTime()
	if !s.ok || !ok || now <= s.t {
		return
	}
	b.ReportMetric(float64(size)*float64(b.N)/(now-s.t).Seconds()/1e6, "cpu-MB/s")
}

// BenchmarkParse measures parse throughput over the whole corpus: one op
// parses all 332 files. Ours stops at its 500 KiB limit on the one larger
// file (docs.oracle.com, 853 KB) while temoto reads it all; both are
// credited with the corpus's full size, as a crawler hands them the same bytes.
func BenchmarkParse(b *testing.B) {
	c, _ := setup(b)
	b.Run("lib=ours", func(b *testing.B) {
		b.SetBytes(int64(c.Bytes))
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			for _, f := range c.Files {
				sinkRobots = robots.Parse(f.Data)
			}
		}
		cpu.reportMBs(b, c.Bytes)
	})
	b.Run("lib=temoto", func(b *testing.B) {
		b.SetBytes(int64(c.Bytes))
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			for _, f := range c.Files {
				sinkTemoto, _ = robotstxt.FromBytes(f.Data)
			}
		}
		cpu.reportMBs(b, c.Bytes)
	})
	b.Run("lib=google", func(b *testing.B) {
		// grobotstxt reads a string and keeps nothing: its parser calls a
		// handler per line, which here does nothing, so this is Google's
		// tokenizer alone. The files are made strings outside the loop.
		bodies := make([]string, len(c.Files))
		for i, f := range c.Files {
			bodies[i] = string(f.Data)
		}
		b.SetBytes(int64(c.Bytes))
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			for _, body := range bodies {
				grobotstxt.Parse(body, nopHandler{})
			}
		}
		cpu.reportMBs(b, c.Bytes)
	})
}

// nopHandler is a grobotstxt.ParseHandler that does nothing.
type nopHandler struct{}

func (nopHandler) HandleRobotsStart()                      {}
func (nopHandler) HandleRobotsEnd()                        {}
func (nopHandler) HandleUserAgent(int, string)             {}
func (nopHandler) HandleAllow(int, string)                 {}
func (nopHandler) HandleDisallow(int, string)              {}
func (nopHandler) HandleSitemap(int, string)               {}
func (nopHandler) HandleUnknownAction(int, string, string) {}

// BenchmarkIsAllowed measures queries over the whole workload, in a fixed
// shuffled order, on documents parsed beforehand; one op is one pass, and
// the figures are per query (ns/query, allocs/query, B/query).
//
//   - api=document: the call a crawler makes with a document and its user
//     agent. Ours: (*Robots).IsAllowed(agent, path). temoto:
//     FindGroup(agent).Test(path), as Colly does for every request.
//   - api=compiled: the agent's rules looked up once, outside the loop. Ours:
//     (*Robots).Agent(agent) then (*Agent).IsAllowed(path). temoto: the
//     *Group from FindGroup, then Group.Test(path).
//   - api=url: (*Robots).IsAllowed with the absolute URL
//     "https://<host><path>", the form a crawler usually holds. grobotstxt
//     (Google's parser and matcher, ported to Go) has only this API, and
//     parses the whole file on every query: AgentAllowed(body, agent, URL).
//
// Both libraries get the same path strings (Colly would also re-encode the
// query with net/url first; that cost is left out so only the libraries are
// compared). Every query runs once before timing, so our per-agent views
// are compiled, as they would be after a crawler's first request to a host.
func BenchmarkIsAllowed(b *testing.B) {
	c, w := setup(b)
	d := ParseAll(c)

	type docQuery struct {
		kind        Kind
		site        int
		r           *robots.Robots
		t           *robotstxt.RobotsData
		agent, path string
		a           *robots.Agent
		g           *robotstxt.Group // nil where temoto rejected the file
		absoluteURL string
		body, token string // for grobotstxt
	}
	qs := make([]docQuery, len(order))
	for i, k := range order {
		q := w.Queries[k]
		dq := docQuery{
			kind:        q.Kind,
			site:        q.Site,
			r:           d.Ours[q.Site],
			t:           d.Temoto[q.Site],
			agent:       q.Agent,
			path:        q.Path,
			absoluteURL: w.URL(q),
			body:        d.Bodies[q.Site],
			token:       robots.ProductToken(q.Agent),
		}
		dq.a = dq.r.Agent(q.Agent)
		if dq.t != nil {
			dq.g = dq.t.FindGroup(q.Agent)
		}
		qs[i] = dq
	}
	for _, q := range qs { // warm up: compile our per-agent views
		q.r.IsAllowed(q.agent, q.path)
		q.r.IsAllowed(q.agent, q.absoluteURL)
	}

	// run times whole passes over qs, so that every query weighs the same
	// however slow the library (a duration-based b.N would cover only part
	// of temoto's pass, and the long queries dominate its mean). It reports
	// per query: ns/query, allocs/query (the exact mean, where go test's
	// allocs/op rounds down to a whole number) and B/query; ns/op, the time
	// of a pass, is suppressed.
	run := func(b *testing.B, qs []docQuery, query func(q *docQuery) bool) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		cpu := startCPU()
		allowed := 0
		for b.Loop() {
			allowed = 0
			for i := range qs {
				if query(&qs[i]) {
					allowed++
				}
			}
		}
		cpu.report(b, float64(len(qs)), 1, "cpu-ns/query")
		runtime.ReadMemStats(&after)
		sinkAllowed = allowed
		queries := float64(b.N) * float64(len(qs))
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/queries, "ns/query")
		b.ReportMetric(float64(after.Mallocs-before.Mallocs)/queries, "allocs/query")
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/queries, "B/query")
		b.ReportMetric(0, "ns/op")
	}
	b.Run("api=document/lib=ours", func(b *testing.B) {
		run(b, qs, func(q *docQuery) bool { return q.r.IsAllowed(q.agent, q.path) })
	})
	b.Run("api=document/lib=temoto", func(b *testing.B) {
		run(b, qs, func(q *docQuery) bool { return TemotoAllowed(q.t, q.agent, q.path) })
	})
	b.Run("api=compiled/lib=ours", func(b *testing.B) {
		run(b, qs, func(q *docQuery) bool { return q.a.IsAllowed(q.path) })
	})
	b.Run("api=compiled/lib=temoto", func(b *testing.B) {
		run(b, qs, func(q *docQuery) bool { return q.g != nil && q.g.Test(q.path) })
	})
	b.Run("api=url/lib=ours", func(b *testing.B) {
		run(b, qs, func(q *docQuery) bool { return q.r.IsAllowed(q.agent, q.absoluteURL) })
	})
	b.Run("api=url/lib=google", func(b *testing.B) {
		run(b, qs, func(q *docQuery) bool { return GoogleAllowed(q.body, q.token, q.absoluteURL) })
	})
	if !*detail {
		return
	}
	bySite := slices.Clone(qs)
	slices.SortStableFunc(bySite, func(x, y docQuery) int { return x.site - y.site })
	b.Run("api=document/order=site/lib=ours", func(b *testing.B) {
		run(b, bySite, func(q *docQuery) bool { return q.r.IsAllowed(q.agent, q.path) })
	})
	b.Run("api=document/order=site/lib=temoto", func(b *testing.B) {
		run(b, bySite, func(q *docQuery) bool { return TemotoAllowed(q.t, q.agent, q.path) })
	})
	for k := range numKinds {
		var sub []docQuery
		for _, q := range qs {
			if q.kind == k {
				sub = append(sub, q)
			}
		}
		b.Run("api=document/kind="+k.String()+"/lib=ours", func(b *testing.B) {
			run(b, sub, func(q *docQuery) bool { return q.r.IsAllowed(q.agent, q.path) })
		})
		b.Run("api=document/kind="+k.String()+"/lib=temoto", func(b *testing.B) {
			run(b, sub, func(q *docQuery) bool { return TemotoAllowed(q.t, q.agent, q.path) })
		})
	}
}

const (
	hostilePattern = "/*a*a*a*a*a*a*a*a*a*a*b"
	hostilePathLen = 100 << 10 // octets of 'a' after the leading '/'
)

// hostileDoc returns a '*' group of n rules "Disallow: /*a*a*a*a*a*a*a*a*a*a*b".
func hostileDoc(n int) []byte {
	return []byte("User-agent: *\n" + strings.Repeat("Disallow: "+hostilePattern+"\n", n))
}

// BenchmarkHostile measures one query per op: a path of '/' and 100 KiB of
// 'a' against the hostile rules, which match nothing (the path has no 'b')
// but make a backtracking matcher explode. Ours gets all 100 rules. temoto
// gets -hostile.temoto rules (1 by default: at about 50 ms per rule, 100
// would make one iteration take seconds). Both report ms/100rules, the
// per-query time scaled to 100 rules (temoto tests every rule of a group on
// every query, so its cost is linear in their number).
func BenchmarkHostile(b *testing.B) {
	path := "/" + strings.Repeat("a", hostilePathLen)
	const agent = "ExampleCrawler/1.0"
	// run times query, which asks about path against the given number of
	// rules, and reports its time scaled to 100 rules.
	run := func(b *testing.B, rules int, query func() bool) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sinkBool = query()
		}
		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(perOp*100/float64(rules)/1e6, "ms/100rules")
		cpu.report(b, float64(rules)/100, 1e6, "cpu-ms/100rules")
	}
	b.Run("lib=ours/rules=100", func(b *testing.B) {
		r := robots.Parse(hostileDoc(100))
		if !r.IsAllowed(agent, path) {
			b.Fatalf("IsAllowed(%q, %d-octet path of 'a') = false, want true", agent, len(path))
		}
		run(b, 100, func() bool { return r.IsAllowed(agent, path) })
	})
	n := max(1, *hostileTemotoRules)
	b.Run("lib=temoto/rules="+strconv.Itoa(n), func(b *testing.B) {
		t, err := robotstxt.FromBytes(hostileDoc(n))
		if err != nil {
			b.Fatal(err)
		}
		if !TemotoAllowed(t, agent, path) {
			b.Fatalf("temoto: FindGroup(%q).Test(%d-octet path of 'a') = false, want true", agent, len(path))
		}
		run(b, n, func() bool { return TemotoAllowed(t, agent, path) })
	})
	b.Run("lib=google/rules=100", func(b *testing.B) {
		// Google's matcher is linear too; like every grobotstxt query, this
		// one parses its document (100 short lines) as well.
		doc, token := string(hostileDoc(100)), robots.ProductToken(agent)
		u := "https://example.com" + path
		if !GoogleAllowed(doc, token, u) {
			b.Fatalf("grobotstxt: AgentAllowed(%q, %d-octet path of 'a') = false, want true", agent, len(path))
		}
		run(b, 100, func() bool { return GoogleAllowed(doc, token, u) })
	})
}

// BenchmarkHeldHeap measures the heap parsed documents keep alive. For each
// file the live heap is read after a GC before parsing and again after
// parsing, while the document is still referenced: the growth is what that
// document holds. (Reading only after each parse, one GC per file, is
// faster but not exact: the baseline drifts by up to a few hundred KiB over
// the corpus.) Then all files are parsed again and kept, every agent of the
// workload asks one query of each (our per-agent views are compiled by an
// agent's first query and kept), and the live heap is read once more. One op is the whole
// corpus; ns/op is suppressed (it is mostly GC time). Metrics:
//
//   - held/input: bytes held by all parsed documents / corpus bytes
//   - worst-held/input: the largest ratio of any one file (tiny files, where
//     a document's fixed size dominates, usually set this)
//   - worst-1KiB+-held/input: the largest ratio among files of 1 KiB or more
//   - queried-held/input: as held/input, after each agent's first query
//
// The target (at most 2x) is on held/input. Input is each file's
// full size, also for the one file beyond our 500 KiB limit. Figures for
// small files carry a few hundred bytes of runtime noise.
func BenchmarkHeldHeap(b *testing.B) {
	c, _ := setup(b)
	type lib struct {
		name  string
		parse func([]byte) any
		query func(doc any, agent, path string) bool
	}
	libs := []lib{
		{"ours",
			func(data []byte) any { return robots.Parse(data) },
			func(doc any, agent, path string) bool { return doc.(*robots.Robots).IsAllowed(agent, path) }},
		{"temoto",
			func(data []byte) any { d, _ := robotstxt.FromBytes(data); return d },
			func(doc any, agent, path string) bool {
				return TemotoAllowed(doc.(*robotstxt.RobotsData), agent, path)
			}},
	}
	for _, l := range libs {
		b.Run("lib="+l.name, func(b *testing.B) {
			var (
				ms      runtime.MemStats
				logOnce sync.Once
			)
			liveHeap := func() int64 {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				return int64(ms.HeapAlloc)
			}
			for b.Loop() {
				var held int64
				worst, worst1K := 0.0, 0.0
				var worstName, worst1KName string
				for _, f := range c.Files {
					sinkDoc = nil
					before := liveHeap()
					// A global holds the document, so that it cannot live
					// on the stack.
					sinkDoc = l.parse(f.Data)
					h := max(0, liveHeap()-before)
					held += h
					ratio := float64(h) / float64(max(1, len(f.Data)))
					if ratio > worst {
						worst, worstName = ratio, f.Name
					}
					if len(f.Data) >= 1024 && ratio > worst1K {
						worst1K, worst1KName = ratio, f.Name
					}
				}

				sinkDoc = nil
				docs := make([]any, len(c.Files))
				sinkDoc = docs
				base := liveHeap()
				for i, f := range c.Files {
					docs[i] = l.parse(f.Data)
				}
				for _, doc := range docs {
					for _, agent := range Agents {
						sinkBool = l.query(doc, agent, "/")
					}
				}
				queried := liveHeap() - base
				sinkDoc = nil

				b.ReportMetric(float64(held)/float64(c.Bytes), "held/input")
				b.ReportMetric(worst, "worst-held/input")
				b.ReportMetric(worst1K, "worst-1KiB+-held/input")
				b.ReportMetric(float64(queried)/float64(c.Bytes), "queried-held/input")
				logOnce.Do(func() {
					b.Logf("%s: %d bytes held for %d input bytes (%d after the queries); worst file %s (%.1fx), worst of 1 KiB+ %s (%.1fx)",
						l.name, held, c.Bytes, queried, worstName, worst, worst1KName, worst1K)
				})
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}
