// Command memlatency prints how long a load takes that depends on the one
// before it, for working sets of growing size: a random cycle through an
// array's cache lines, so that neither the prefetchers nor out-of-order
// execution can hide a miss. It shows where a machine's caches end and what
// a miss beyond each costs, which is what IsAllowed's time on the shuffled
// workload follows (see ../../README.md):
//
//	go run ./cmd/memlatency [-steps N] [sizes in KiB ...]
//
// A shared cache that other tenants of the machine use gives figures that
// vary from run to run past the private L2; run it two or three times.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"time"
)

const lineWords = 8 // 64-octet lines of int64

func main() {
	steps := flag.Int("steps", 5_000_000, "loads timed for each size")
	flag.Parse()
	sizes := []int{32, 256, 1024, 2048, 4096, 8192, 16384, 65536}
	if flag.NArg() > 0 {
		sizes = sizes[:0]
		for _, a := range flag.Args() {
			kb, err := strconv.Atoi(a)
			if err != nil || kb < 1 {
				fmt.Fprintf(os.Stderr, "memlatency: %q is not a size in KiB\n", a)
				os.Exit(2)
			}
			sizes = append(sizes, kb)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for _, kb := range sizes {
		fmt.Printf("%8d KiB: %6.1f ns a load\n", kb, latency(kb*1024/64, *steps, rng))
	}
}

// latency returns the mean time of steps dependent loads in a random cycle
// through lines cache lines.
func latency(lines, steps int, rng *rand.Rand) float64 {
	order := rng.Perm(lines)
	next := make([]int64, lines*lineWords)
	for i, line := range order {
		next[line*lineWords] = int64(order[(i+1)%lines] * lineWords)
	}
	p := int64(0)
	for range lines { // once round, so that the timed loads find the pages mapped
		p = next[p]
	}
	start := time.Now()
	for range steps {
		p = next[p]
	}
	elapsed := time.Since(start)
	if p < 0 {
		fmt.Println() // never: keeps the loads from being optimised away
	}
	return float64(elapsed.Nanoseconds()) / float64(steps)
}
