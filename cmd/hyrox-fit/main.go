// Command hyrox-fit fits racing's finish-time models and peer tables on real
// race results and measures them on held-out events:
//
//	go run ./cmd/hyrox-fit -in season6-open-and-doubles.csv -out internal/racing/model.json
//
// The CSV has one finisher per row (columns event, division, run1..run8,
// station1..station8, roxzone, total in seconds); docs/analytics.md names the
// source. Only derived figures are written, never the rows. The evaluation
// table (leave-event-out) is printed as Markdown for docs/analytics.md.
package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"hyrox/internal/racing"
)

func main() {
	in := flag.String("in", "", "CSV of finishers (required)")
	out := flag.String("out", "internal/racing/model.json", "where to write the fitted figures")
	source := flag.String("source", "", "name of the data's source, stored with the figures")
	flag.Parse()
	if *in == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*in, *out, *source, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(in, out, source string, report io.Writer) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	finishers, err := readFinishers(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	m, err := racing.Fit(finishers)
	if err != nil {
		return err
	}
	if m.Venues, err = racing.VenueFactors(finishers); err != nil {
		return err
	}
	if m.HoldoutGroup, err = racing.UnlikeEvents(finishers); err != nil {
		return err
	}
	if m.Evaluation, err = racing.Evaluate(finishers, m.HoldoutGroup); err != nil {
		return err
	}
	m.Source = source
	m.Command = "go run ./cmd/hyrox-fit -in " + filepath.Base(in) + " -out " + out
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(report, "%d finishers; fitted figures written to %s\n\n", len(finishers), out)
	writeReport(report, m)
	return nil
}

// writeReport prints the evaluation as the Markdown tables of
// docs/analytics.md.
func writeReport(report io.Writer, m *racing.Model) {
	fmt.Fprintf(report, "Unlike events held out together: %s\n\n", strings.Join(m.HoldoutGroup, ", "))
	fmt.Fprintln(report, "| held out | division | case | finishers | mean abs. error | median abs. error | inside 80 % range |")
	fmt.Fprintln(report, "|---|---|---|---|---|---|---|")
	for _, e := range m.Evaluation {
		if e.Band != 0 {
			continue
		}
		h := "each event"
		if e.Holdout == racing.HoldoutGroup {
			h = "unlike group"
		}
		cov := "-"
		if e.Coverage > 0 {
			cov = fmt.Sprintf("%.1f %%", e.Coverage)
		}
		fmt.Fprintf(report, "| %s | %s | %s | %d | %.2f %% | %.2f %% | %s |\n", h, e.Division, e.Case, e.Athletes, e.MAEPct, e.MedianPct, cov)
	}
	fmt.Fprintln(report, "\nInside the 80 % range per tenth of predicted time (1 = the fastest tenth of each division's predictions), all divisions, each event held out:")
	fmt.Fprintln(report)
	fmt.Fprint(report, "| case |")
	for b := 1; b <= 10; b++ {
		fmt.Fprintf(report, " %d |", b)
	}
	fmt.Fprint(report, "\n|---|")
	for range 10 {
		fmt.Fprint(report, "---|")
	}
	fmt.Fprintln(report)
	last := ""
	for _, e := range m.Evaluation {
		if e.Band == 0 {
			continue
		}
		if e.Case != last {
			if last != "" {
				fmt.Fprintln(report)
			}
			fmt.Fprintf(report, "| %s |", e.Case)
			last = e.Case
		}
		fmt.Fprintf(report, " %.0f %% |", e.Coverage)
	}
	fmt.Fprintln(report)
	fmt.Fprintln(report, "\nVenue factors (finish time against an average venue for the same runs):")
	fmt.Fprintln(report)
	fmt.Fprintln(report, "| event | finishers | factor |")
	fmt.Fprintln(report, "|---|---|---|")
	for _, v := range m.Venues {
		fmt.Fprintf(report, "| %s | %d | %.3f |\n", v.Event, v.Finishers, v.Factor)
	}
}

// readFinishers reads the CSV by column name; a row with a missing or
// non-positive split is an error (the data set has every split).
func readFinishers(r io.Reader) ([]racing.Finisher, error) {
	cr := csv.NewReader(r)
	header, err := cr.Read()
	if err != nil {
		return nil, err
	}
	col := func(name string) (int, error) {
		i := slices.Index(header, name)
		if i < 0 {
			return 0, fmt.Errorf("no column %q", name)
		}
		return i, nil
	}
	var runCols, stationCols [8]int
	for i := range 8 {
		if runCols[i], err = col(fmt.Sprintf("run%d", i+1)); err != nil {
			return nil, err
		}
		if stationCols[i], err = col(fmt.Sprintf("station%d", i+1)); err != nil {
			return nil, err
		}
	}
	ev, errE := col("event")
	div, errD := col("division")
	rox, errR := col("roxzone")
	tot, errT := col("total")
	for _, e := range []error{errE, errD, errR, errT} {
		if e != nil {
			return nil, e
		}
	}
	var out []racing.Finisher
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		num := func(i int) (float64, error) {
			v, err := strconv.ParseFloat(rec[i], 64)
			if err != nil || v <= 0 {
				return 0, fmt.Errorf("line %d: %s must be a positive number of seconds, got %q", line, header[i], rec[i])
			}
			return v, nil
		}
		f := racing.Finisher{Event: rec[ev], Division: rec[div]}
		for i := range 8 {
			if f.Runs[i], err = num(runCols[i]); err != nil {
				return nil, err
			}
			if f.Stations[i], err = num(stationCols[i]); err != nil {
				return nil, err
			}
		}
		if f.Roxzone, err = num(rox); err != nil {
			return nil, err
		}
		if f.Total, err = num(tot); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
}
