// Command workload writes the benchmark workload as TSV for inspection:
// one line per query with its file, kind, agent, source pattern and path.
//
// Usage (from anywhere in the repository):
//
//	go run ./cmd/workload [-seed N] [-testdata DIR] [-decide] [-summary] > workload.tsv
//
// -decide adds two columns, each library's answer (allow/disallow): ours
// ((*robots.Robots).IsAllowed) and temoto (FindGroup + Test, as Colly uses
// it). -summary writes counts per kind and agent, and the number of queries
// the libraries disagree on, to standard error.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/sdxc/robots/benchmarks"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("workload: ")
	seed := flag.Uint64("seed", benchmarks.Seed, "workload seed")
	testdata := flag.String("testdata", "", "testdata directory (default: found above the working directory)")
	decide := flag.Bool("decide", false, "add each library's decision as two more columns")
	summary := flag.Bool("summary", false, "write counts and disagreements to standard error")
	flag.Parse()

	td := *testdata
	if td == "" {
		var err error
		if td, err = benchmarks.FindTestdata(); err != nil {
			log.Fatal(err)
		}
	}
	c, err := benchmarks.LoadCorpus(td)
	if err != nil {
		log.Fatal(err)
	}
	w := benchmarks.NewWorkload(c, *seed)

	var verdicts []benchmarks.Verdict
	if *decide || *summary {
		verdicts = benchmarks.Decide(w, benchmarks.ParseAll(c))
	}

	out := bufio.NewWriter(os.Stdout)
	if *decide {
		err = writeDecisions(out, w, verdicts)
	} else {
		err = w.WriteTSV(out)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		log.Fatal(err)
	}
	if *summary {
		writeSummary(w, verdicts)
	}
}

// writeDecisions writes the workload TSV with the two libraries' answers
// appended to each line.
func writeDecisions(out *bufio.Writer, w *benchmarks.Workload, verdicts []benchmarks.Verdict) error {
	var sb strings.Builder
	if err := w.WriteTSV(&sb); err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	fmt.Fprintf(out, "%s\tours\ttemoto\n", lines[0])
	for i, line := range lines[1:] {
		fmt.Fprintf(out, "%s\t%s\t%s\n", line, word(verdicts[i].Ours), word(verdicts[i].Temoto))
	}
	return nil
}

func word(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "disallow"
}

func writeSummary(w *benchmarks.Workload, verdicts []benchmarks.Verdict) {
	kinds := make(map[string]int)
	agents := make(map[string]int)
	disagree := 0
	for i, q := range w.Queries {
		kinds[q.Kind.String()]++
		agents[q.Agent]++
		if verdicts[i].Ours != verdicts[i].Temoto {
			disagree++
		}
	}
	fmt.Fprintf(os.Stderr, "%d files, %d bytes, %d queries\n", len(w.Corpus.Files), w.Corpus.Bytes, len(w.Queries))
	for k := benchmarks.Crawled; k <= benchmarks.Long; k++ {
		fmt.Fprintf(os.Stderr, "  kind %-10s %6d\n", k, kinds[k.String()])
	}
	for _, a := range benchmarks.Agents {
		fmt.Fprintf(os.Stderr, "  agent %-52q %6d\n", a, agents[a])
	}
	fmt.Fprintf(os.Stderr, "libraries disagree on %d of %d queries\n", disagree, len(w.Queries))
}
