package main

import (
	"strings"
	"testing"
)

const header = "event,division,age_group,run1,run2,run3,run4,run5,run6,run7,run8,station1,station2,station3,station4,station5,station6,station7,station8,roxzone,total\n"

func TestReadFinishers(t *testing.T) {
	rows, err := readFinishers(strings.NewReader(header +
		"S6 London,open_men,30-34,176,220,238,241,241,237,242,265,233,103,227,154,247,77,175,203,207,3486\n"))
	if err != nil || len(rows) != 1 {
		t.Fatalf("%v %v", rows, err)
	}
	f := rows[0]
	if f.Event != "S6 London" || f.Division != "open_men" || f.Runs[7] != 265 || f.Stations[0] != 233 || f.Roxzone != 207 || f.Total != 3486 {
		t.Errorf("%+v", f)
	}
}

func TestReadFinishersNamesTheBadCell(t *testing.T) {
	_, err := readFinishers(strings.NewReader(header +
		"S6 London,open_men,30-34,176,220,238,241,241,237,242,265,233,103,227,,247,77,175,203,207,3486\n"))
	if err == nil || err.Error() != `line 2: station4 must be a positive number of seconds, got ""` {
		t.Errorf("got %v", err)
	}
	if _, err := readFinishers(strings.NewReader("event,division\n")); err == nil || !strings.Contains(err.Error(), `no column "run1"`) {
		t.Errorf("missing columns: %v", err)
	}
}
