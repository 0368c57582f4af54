package benchmarks

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sdxc/robots"
)

// A File is one robots.txt file of the corpus, byte for byte as stored.
type File struct {
	Name string // file name in testdata/robotstxt, e.g. "wikipedia.org.txt"
	Data []byte // the file's octets as fetched
}

// A Corpus is the real-world robots.txt corpus of ../testdata: every file
// MANIFEST.tsv lists, in its order, and the crawled paths of the sites that
// have them.
type Corpus struct {
	Files   []File              // in the order testdata/robotstxt/MANIFEST.tsv lists them
	Bytes   int                 // total size of Files
	Crawled map[string][]string // file name -> real crawled paths (path + "?query"), in file order
}

// Cut returns the corpus as a parser bound by robots.DefaultMaxBytes reads
// it: each file cut after its last line end within the limit, as
// robots.Parse cuts it (a file within the limit is whole), and their total
// size. The parse and heap benchmarks give every library these bytes and
// credit it with them, so that no library is credited with octets it does
// not read: one file of the corpus (docs.oracle.com, 853 KB) is longer.
func (c *Corpus) Cut() ([]File, int) {
	files := make([]File, len(c.Files))
	size := 0
	for i, f := range c.Files {
		data := f.Data
		if len(data) > robots.DefaultMaxBytes {
			data = data[:bytes.LastIndexAny(data[:robots.DefaultMaxBytes], "\r\n")+1]
		}
		files[i] = File{Name: f.Name, Data: data}
		size += len(data)
	}
	return files, size
}

// FindTestdata returns the repository's testdata directory: the first
// testdata/robotstxt/MANIFEST.tsv found walking up from the working
// directory, so tests (run in benchmarks/) and commands (run from anywhere in
// the repository) find the same corpus.
func FindTestdata() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("benchmarks: %w", err)
	}
	for {
		td := filepath.Join(dir, "testdata")
		if _, err := os.Stat(filepath.Join(td, "robotstxt", "MANIFEST.tsv")); err == nil {
			return td, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("benchmarks: no testdata/robotstxt/MANIFEST.tsv above the working directory")
		}
		dir = parent
	}
}

// LoadCorpus reads the files listed in testdata/robotstxt/MANIFEST.tsv and
// testdata/crawled-paths.tsv under the testdata directory td.
func LoadCorpus(td string) (*Corpus, error) {
	c := &Corpus{Crawled: make(map[string][]string)}
	names, err := readTSV(filepath.Join(td, "robotstxt", "MANIFEST.tsv"))
	if err != nil {
		return nil, err
	}
	for _, row := range names {
		data, err := os.ReadFile(filepath.Join(td, "robotstxt", row[0]))
		if err != nil {
			return nil, fmt.Errorf("benchmarks: %w", err)
		}
		c.Files = append(c.Files, File{Name: row[0], Data: data})
		c.Bytes += len(data)
	}
	if len(c.Files) == 0 {
		return nil, errors.New("benchmarks: MANIFEST.tsv lists no files")
	}
	paths, err := readTSV(filepath.Join(td, "crawled-paths.tsv"))
	if err != nil {
		return nil, err
	}
	for _, row := range paths {
		if len(row) < 2 || !strings.HasPrefix(row[1], "/") {
			continue
		}
		c.Crawled[row[0]] = append(c.Crawled[row[0]], row[1])
	}
	return c, nil
}

// readTSV returns the tab-separated fields of every line of the file at path
// that is neither empty nor a '#' comment.
func readTSV(path string) ([][]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("benchmarks: %w", err)
	}
	var rows [][]string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("benchmarks: %s: %w", path, err)
	}
	return rows, nil
}
