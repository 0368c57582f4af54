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
// parses all 332 files, as Corpus.Cut gives them (the one file beyond our
// 500 KiB limit cut where ours stops, for every library), and each is
// credited with those bytes.
//
// Ours compiles an agent's rules on its first query, not in Parse, where
// temoto compiles them as it parses: BenchmarkParseAndAsk times the parse
// and a first query together.
func BenchmarkParse(b *testing.B) {
	c, _ := setup(b)
	files, size := c.Cut()
	b.Run("lib=ours", func(b *testing.B) {
		throughput(b, size, func() {
			for _, f := range files {
				sinkRobots = robots.Parse(f.Data)
			}
		})
	})
	b.Run("lib=temoto", func(b *testing.B) {
		throughput(b, size, func() {
			for _, f := range files {
				sinkTemoto, _ = robotstxt.FromBytes(f.Data)
			}
		})
	})
	b.Run("lib=google", func(b *testing.B) {
		// grobotstxt reads a string and keeps nothing: its parser calls a
		// handler per line, which here does nothing, so this is Google's
		// tokenizer alone. The files are made strings outside the loop.
		bodies := bodiesOf(files)
		throughput(b, size, func() {
			for _, body := range bodies {
				grobotstxt.Parse(body, nopHandler{})
			}
		})
	})
}

// BenchmarkParseAndAsk measures what a crawler pays to answer its first
// question about a site it has just fetched robots.txt for: one op parses
// every file of the corpus (as Corpus.Cut gives them) and asks one query of
// each, "/" as the workload's generic crawler (Agents[0]). Ours compiles
// that agent's rules on the query; temoto has compiled every group as it
// parsed, and finds the agent's group; grobotstxt, which has no parsed form,
// parses the file for the query and matches as it goes.
func BenchmarkParseAndAsk(b *testing.B) {
	c, _ := setup(b)
	files, size := c.Cut()
	agent := Agents[0]
	b.Run("lib=ours", func(b *testing.B) {
		throughput(b, size, func() {
			for _, f := range files {
				sinkBool = robots.Parse(f.Data).IsAllowed(agent, "/")
			}
		})
	})
	b.Run("lib=temoto", func(b *testing.B) {
		throughput(b, size, func() {
			for _, f := range files {
				t, _ := robotstxt.FromBytes(f.Data)
				sinkBool = TemotoAllowed(t, agent, "/")
			}
		})
	})
	b.Run("lib=google", func(b *testing.B) {
		bodies := bodiesOf(files)
		token, u := robots.ProductToken(agent), "https://example.com/"
		throughput(b, size, func() {
			for _, body := range bodies {
				sinkBool = GoogleAllowed(body, token, u)
			}
		})
	})
}

// BenchmarkParseAndAskBySize is BenchmarkParseAndAsk for ours and
// grobotstxt over each quarter of the corpus by file size, smallest first,
// so that the files a crawler meets most often are timed apart from the few
// large ones, which make most of the whole corpus's time (docs.oracle.com,
// cut at 500 KiB, about a quarter of it).
func BenchmarkParseAndAskBySize(b *testing.B) {
	c, _ := setup(b)
	files, _ := c.Cut()
	slices.SortStableFunc(files, func(x, y File) int { return len(x.Data) - len(y.Data) })
	agent := Agents[0]
	token, u := robots.ProductToken(agent), "https://example.com/"
	for q := range 4 {
		part := files[q*len(files)/4 : (q+1)*len(files)/4]
		size := 0
		for _, f := range part {
			size += len(f.Data)
		}
		name := "quarter=" + strconv.Itoa(q+1) + "," + strconv.Itoa(len(part[0].Data)) + "-" + strconv.Itoa(len(part[len(part)-1].Data)) + "B"
		b.Run(name+"/lib=ours", func(b *testing.B) {
			throughput(b, size, func() {
				for _, f := range part {
					sinkBool = robots.Parse(f.Data).IsAllowed(agent, "/")
				}
			})
		})
		b.Run(name+"/lib=google", func(b *testing.B) {
			bodies := bodiesOf(part)
			throughput(b, size, func() {
				for _, body := range bodies {
					sinkBool = GoogleAllowed(body, token, u)
				}
			})
		})
	}
}

// throughput times pass, one pass over size bytes of the corpus, in a
// b.Loop loop, and reports MB/s by wall-clock and by CPU time, and
// allocations.
func throughput(b *testing.B, size int, pass func()) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		pass()
	}
	cpu.reportMBs(b, size)
}

// bodiesOf returns the files' contents as strings, which grobotstxt reads,
// made before any timing.
func bodiesOf(files []File) []string {
	bodies := make([]string, len(files))
	for i, f := range files {
		bodies[i] = string(f.Data)
	}
	return bodies
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
//     Its allocations (some 236 KB a query) make garbage collections that
//     also scan every library's parsed corpus, which this benchmark holds
//     (about 45 MB): a benchmark audit measured its queries 10-25 % slower
//     than with the file bodies alone, so its figure flatters ours that
//     much.
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
// the corpus.) Then all files are parsed again and kept, the workload's
// generic crawler asks one query of each (our per-agent views are compiled
// by an agent's first query and kept), then every other agent of the
// workload, and the live heap is read after each round. One op is the whole
// corpus; ns/op is suppressed (it is mostly GC time). Metrics:
//
//   - held/input: bytes held by all parsed documents / corpus bytes
//   - median-held/input: the median of the files' own ratios
//   - files-over-2x: how many files hold more than twice their size
//   - worst-held/input: the largest ratio of any one file (tiny files, where
//     a document's fixed size dominates, usually set this)
//   - worst-1KiB+-held/input: the largest ratio among files of 1 KiB or more
//   - asked-held/input: as held/input, after the generic crawler's first
//     query of each document
//   - queried-held/input: as held/input, after each agent's first query
//
// The target (at most 2x for a parsed document) is judged on
// held/input, the corpus as a whole; the other figures say how it spreads
// over files and what the first queries add. The input is Corpus.Cut's:
// each file as far as ours reads it, for both libraries. Figures for small
// files carry a few hundred bytes of runtime noise.
func BenchmarkHeldHeap(b *testing.B) {
	c, _ := setup(b)
	files, size := c.Cut()
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
			// Two collections: what a sync.Pool holds (ours keeps the
			// scratch of compiles, up to 256 KiB each, held by no
			// document) survives the first in its victim cache.
			liveHeap := func() int64 {
				runtime.GC()
				runtime.GC()
				runtime.ReadMemStats(&ms)
				return int64(ms.HeapAlloc)
			}
			for b.Loop() {
				var held int64
				ratios := make([]float64, len(files))
				worst, worst1K := 0.0, 0.0
				var worstName, worst1KName string
				over2 := 0
				for i, f := range files {
					sinkDoc = nil
					before := liveHeap()
					// A global holds the document, so that it cannot live
					// on the stack.
					sinkDoc = l.parse(f.Data)
					h := max(0, liveHeap()-before)
					held += h
					ratio := float64(h) / float64(max(1, len(f.Data)))
					ratios[i] = ratio
					if ratio > 2 {
						over2++
					}
					if ratio > worst {
						worst, worstName = ratio, f.Name
					}
					if len(f.Data) >= 1024 && ratio > worst1K {
						worst1K, worst1KName = ratio, f.Name
					}
				}
				slices.Sort(ratios)
				median := (ratios[(len(ratios)-1)/2] + ratios[len(ratios)/2]) / 2

				sinkDoc = nil
				docs := make([]any, len(files))
				sinkDoc = docs
				base := liveHeap()
				for i, f := range files {
					docs[i] = l.parse(f.Data)
				}
				for _, doc := range docs {
					sinkBool = l.query(doc, Agents[0], "/")
				}
				asked := liveHeap() - base
				for _, doc := range docs {
					for _, agent := range Agents[1:] {
						sinkBool = l.query(doc, agent, "/")
					}
				}
				queried := liveHeap() - base
				sinkDoc = nil

				b.ReportMetric(float64(held)/float64(size), "held/input")
				b.ReportMetric(median, "median-held/input")
				b.ReportMetric(float64(over2), "files-over-2x")
				b.ReportMetric(worst, "worst-held/input")
				b.ReportMetric(worst1K, "worst-1KiB+-held/input")
				b.ReportMetric(float64(asked)/float64(size), "asked-held/input")
				b.ReportMetric(float64(queried)/float64(size), "queried-held/input")
				logOnce.Do(func() {
					b.Logf("%s: %d bytes held for %d input bytes (%d after one agent's query, %d after all); %d of %d files over 2x, median %.2fx; worst file %s (%.1fx), worst of 1 KiB+ %s (%.1fx)",
						l.name, held, size, asked, queried, over2, len(files), median, worstName, worst, worst1KName, worst1K)
				})
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}
