// Command querycost runs the corpus workload's IsAllowed queries in a plain
// loop, for measurements that go test's benchmarks cannot make.
//
// With -time it prints the wall-clock cost of a query asked in shuffled
// order and of the same query asked repeatedly (warm caches and branch
// history). Without it, it is a fixed amount of work for instruction
// counting: run it under valgrind with 3 and with 1 passes, counting only
// inside the query loop (--toggle-collect; without it the runtime's
// background work adds some 50 instructions a query of noise), and divide
// the difference in instructions by 2 times the number of queries, for a
// figure that does not depend on how busy the machine is:
//
//	go build -o /tmp/querycost ./cmd/querycost
//	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 GOGC=off valgrind --tool=callgrind \
//		--toggle-collect=main.run --callgrind-out-file=/dev/null /tmp/querycost -doc -passes 3
//
// (asyncpreemptoff keeps callgrind from tripping on the runtime's signals.
// Valgrind 3.19 does not know RDTSCP, which the runtime's cputicks may run
// when a lock is contended; cpu.rdtscp=off has the runtime use RDTSC
// instead. Without it such a run stops with "Unrecognised instruction" and a
// short count, and some builds do so every time.)
// Adding --cache-sim=yes --D1=49152,12,64 --LL=1048576,16,64 also counts the
// misses of a 48 KiB L1 and a 1 MiB L2 (the CI machine's L2 since 1
// December 2026, as /proc/cpuinfo gives it; it does not give the L1, and
// the one before had a 32 KiB L1 and a 512 KiB L2): the D1mr and DLmr
// columns of callgrind_annotate on the output file; and
// --branch-sim=yes the conditional branches and those its simple predictor
// gets wrong, the Bc and Bcm columns. Those counts,
// unlike timings, tell two versions of the matcher apart on a machine whose
// speed drifts.
// Flags: -kind limits the queries to one kind of the workload, -notkind
// leaves one kind out (how much the others pay for it), -bykind times the
// queries of each kind among all the others (with -time's shuffled order;
// -kind alone runs them apart, with more of the caches each), -bysite N
// does the same per site for the N sites whose queries take the most time,
// -doc asks through (*Robots).IsAllowed instead of a compiled Agent,
// -agent asks every query as one user agent, and -first keeps only the
// first N queries of the shuffled order (with -time: how the cost grows as
// the lines the queries touch outgrow each cache), and -sample N asks N
// queries drawn at random from those kept instead, N times -passes of them
// in one pass, so that no order is asked twice (the branch predictor cannot
// learn it, as it may a pass of a few hundred queries asked again and
// again).
package main

import (
	"cmp"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"time"

	"github.com/sdxc/robots"
	"github.com/sdxc/robots/benchmarks"
)

type query struct {
	agent *robots.Agent
	doc   *robots.Robots
	ua    string
	path  string
	kind  benchmarks.Kind
	site  int32 // index in the corpus; beside kind, in what would be padding, so that a query stays 56 octets
}

var (
	passes   = flag.Int("passes", 1, "passes over the queries after a warm-up pass")
	kind     = flag.String("kind", "", "only queries of this kind (crawled, hit, wildcard, nearmiss, dollarmiss, percent, long)")
	viaDoc   = flag.Bool("doc", false, "ask through (*Robots).IsAllowed rather than a compiled Agent")
	oneAgent = flag.String("agent", "", "ask every query as this user agent")
	timed    = flag.Bool("time", false, "print the time a query takes, shuffled and repeated")
	notKind  = flag.String("notkind", "", "leave out queries of this kind")
	first    = flag.Int("first", 0, "keep only the first N queries of the shuffled order (0: all)")
	byKind   = flag.Bool("bykind", false, "time each query in the shuffled mix and print the cost per kind")
	bySite   = flag.Int("bysite", 0, "time each query in the shuffled mix and print the N costliest sites")
	sample   = flag.Int("sample", 0, "ask N queries drawn at random from the kept ones, in an order that does not repeat")
)

// ask asks q's question through the API the flags choose, for timeByGroup.
func ask(q query) bool {
	if *viaDoc {
		return q.doc.IsAllowed(q.ua, q.path)
	}
	return q.agent.IsAllowed(q.path)
}

//go:noinline
func run(qs []query, passes int) int {
	allowed := 0
	for range passes {
		for _, q := range qs {
			// Asked here, not through ask, which is not inlined: the
			// figures of -time and the instruction counts stay free of
			// a call.
			var ok bool
			if *viaDoc {
				ok = q.doc.IsAllowed(q.ua, q.path)
			} else {
				ok = q.agent.IsAllowed(q.path)
			}
			if ok {
				allowed++
			}
		}
	}
	return allowed
}

func main() {
	flag.Parse()
	td, err := benchmarks.FindTestdata()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	c, err := benchmarks.LoadCorpus(td)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := benchmarks.NewWorkload(c, benchmarks.Seed)
	docs := make([]*robots.Robots, len(c.Files))
	for i, f := range c.Files {
		docs[i] = robots.Parse(f.Data)
	}
	var qs []query
	for _, q := range w.Queries {
		if *kind != "" && q.Kind.String() != *kind || q.Kind.String() == *notKind {
			continue
		}
		ua := q.Agent
		if *oneAgent != "" {
			ua = *oneAgent
		}
		qs = append(qs, query{docs[q.Site].Agent(ua), docs[q.Site], ua, q.Path, q.Kind, int32(q.Site)})
	}
	rand.New(rand.NewSource(1)).Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
	if *first > 0 && *first < len(qs) {
		qs = qs[:*first]
	}
	if len(qs) == 0 {
		fmt.Fprintln(os.Stderr, "querycost: no query of the workload is kept by -kind and -notkind")
		os.Exit(2)
	}
	run(qs, 1) // compile every agent first
	if *sample > 0 {
		// Drawn for all the passes at once, and asked in one, so that no
		// order is asked twice.
		rng := rand.New(rand.NewSource(2))
		drawn := make([]query, *sample**passes)
		for i := range drawn {
			drawn[i] = qs[rng.Intn(len(qs))]
		}
		qs, *passes = drawn, 1
	}
	if *byKind {
		names := make([]string, benchmarks.Long+1) // Long is the last kind
		for k := range names {
			names[k] = benchmarks.Kind(k).String()
		}
		timeByGroup(qs, *passes, func(q query) int { return int(q.kind) }, names, 0)
		return
	}
	if *bySite > 0 {
		names := make([]string, len(c.Files))
		for i, f := range c.Files {
			names[i] = f.Name
		}
		timeByGroup(qs, *passes, func(q query) int { return int(q.site) }, names, *bySite)
		return
	}
	if !*timed {
		fmt.Println(len(qs), "queries,", run(qs, *passes), "allowed")
		return
	}
	start := time.Now()
	run(qs, *passes)
	shuffled := time.Since(start)
	start = time.Now()
	for _, q := range qs {
		run([]query{q}, *passes)
	}
	repeated := time.Since(start)
	n := float64(*passes * len(qs))
	fmt.Printf("%d queries: shuffled %.0f ns/query, each asked %d times in a row %.0f ns/query\n",
		len(qs), float64(shuffled.Nanoseconds())/n, *passes, float64(repeated.Nanoseconds())/n)
}

// timeByGroup times each query of the shuffled mix on its own and prints,
// per group of queries (names[group(q)]), what a query of the group costs
// among the others and how much of the mean it makes up: unlike -kind,
// which runs one kind alone, this keeps every other query's lines competing
// for the caches. With top > 0 it prints the top costliest groups, costliest
// first, with the running sum of their shares; else every group, in order.
// The clock read around each query adds its own cost, measured over an
// empty loop and taken off; the mean comes out some tens of nanoseconds
// above -time's.
func timeByGroup(qs []query, passes int, group func(query) int, names []string, top int) {
	sum := make([]time.Duration, len(names))
	n := make([]int, len(names))
	var empty time.Duration
	allowed := 0
	for range passes {
		for _, q := range qs {
			start := time.Now()
			ok := ask(q)
			d := time.Since(start) // before group, which the clock must not count
			g := group(q)
			sum[g] += d
			n[g]++
			if ok {
				allowed++
			}
		}
		for range qs {
			start := time.Now()
			empty += time.Since(start)
		}
	}
	clock := float64(empty) / float64(passes*len(qs))
	own := make([]float64, len(names))
	var total float64
	for g := range sum {
		own[g] = float64(sum[g]) - clock*float64(n[g])
		total += own[g]
	}
	order := make([]int, 0, len(names))
	for g := range names {
		if n[g] > 0 {
			order = append(order, g)
		}
	}
	if top > 0 {
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(own[b], own[a]) })
		order = order[:min(top, len(order))]
	}
	all := float64(passes * len(qs))
	fmt.Printf("%d queries, %d passes, clock %.0f ns a read (taken off)\n", len(qs), passes, clock)
	var running float64
	for _, g := range order {
		share := 100 * own[g] / total
		fmt.Printf("%-24s %5d queries  %5.0f ns/query  %4.1f%% of the time  %4.0f ns of the mean",
			names[g], n[g]/passes, own[g]/float64(n[g]), share, own[g]/all)
		if running += share; top > 0 {
			fmt.Printf("  %5.1f%% so far", running)
		}
		fmt.Println()
	}
	fmt.Printf("mean %5.0f ns/query (%d allowed)\n", total/all, allowed)
}
