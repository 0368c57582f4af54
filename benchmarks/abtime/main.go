//go:build ignore

// This program is the harness of ../ab.sh, which builds it in a temporary
// module where "abtime/old" and "abtime/new" are two versions of package
// robots (the build tag keeps it out of this module's builds). It asks the
// workload's IsAllowed queries of both, shuffled, alternating old and new
// pass by pass, so that a machine whose speed drifts over minutes slows both
// alike, and prints each version's median and the median of the new/old
// ratios of adjacent passes.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	robotsnew "abtime/new"
	robotsold "abtime/old"
)

type query struct {
	site        int
	agent, path string
}

var sink int

func main() {
	workload := flag.String("workload", "", "the workload, as benchmarks/cmd/workload writes it")
	testdata := flag.String("testdata", "", "the testdata directory with robotstxt/")
	rounds := flag.Int("rounds", 200, "passes of each version")
	kind := flag.String("kind", "", "only queries of this kind")
	flag.Parse()

	f, err := os.Open(*workload)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	sites := map[string]int{}
	var names []string
	var qs []query
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		col := strings.Split(line, "\t") // file, kind, agent, pattern, path
		if len(col) != 5 || *kind != "" && col[1] != *kind {
			continue
		}
		s, ok := sites[col[0]]
		if !ok {
			s = len(names)
			sites[col[0]] = s
			names = append(names, col[0])
		}
		qs = append(qs, query{s, col[2], col[4]})
	}
	oldDocs := make([]*robotsold.Robots, len(names))
	newDocs := make([]*robotsnew.Robots, len(names))
	for i, n := range names {
		data, err := os.ReadFile(filepath.Join(*testdata, "robotstxt", n))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		oldDocs[i], newDocs[i] = robotsold.Parse(data), robotsnew.Parse(data)
	}
	rand.New(rand.NewSource(1)).Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
	// Each version gets its own copy of the strings, so that neither finds
	// the other's in cache.
	oldQs, newQs := clone(qs), clone(qs)
	oldPass := func() int { return pass(oldDocs, oldQs) }
	newPass := func() int { return pass(newDocs, newQs) }
	// The first pass compiles every agent; it also compares the answers.
	if o, n := oldPass(), newPass(); o != n {
		fmt.Printf("the versions disagree: old allows %d queries, new %d\n", o, n)
	}
	timed := func(pass func() int) float64 {
		start := time.Now()
		sink += pass()
		return float64(time.Since(start).Nanoseconds()) / float64(len(qs))
	}
	var oldNs, newNs, ratios []float64
	for range *rounds {
		var o, n float64
		// Old, new, old, new: each pass follows the other version's, so
		// that both find the caches alike. (Swapping the order every round
		// made each version follow itself half the time, and the pass
		// that did ran about 25 % faster.)
		o, n = timed(oldPass), timed(newPass)
		oldNs, newNs, ratios = append(oldNs, o), append(newNs, n), append(ratios, n/o)
	}
	fmt.Printf("%d queries, %d rounds: old %.0f ns/query, new %.0f ns/query (medians); new/old %.3f (median of adjacent pairs, quartiles %.3f-%.3f)\n",
		len(qs), *rounds, quantile(oldNs, 0.5), quantile(newNs, 0.5), quantile(ratios, 0.5), quantile(ratios, 0.25), quantile(ratios, 0.75))
}

// A decider is a *Robots of either version.
type decider interface {
	IsAllowed(userAgent, rawURL string) bool
}

// pass asks every query of qs and returns how many are allowed. Both
// versions go through the same generic code, so that it costs them alike.
func pass[R decider](docs []R, qs []query) int {
	n := 0
	for _, q := range qs {
		if docs[q.site].IsAllowed(q.agent, q.path) {
			n++
		}
	}
	return n
}

func clone(qs []query) []query {
	c := make([]query, len(qs))
	for i, q := range qs {
		c[i] = query{q.site, strings.Clone(q.agent), strings.Clone(q.path)}
	}
	return c
}

func quantile(v []float64, q float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[int(q*float64(len(s)-1))]
}
