// Command hyrox-foods converts the USDA National Nutrient Database SR24, as
// shipped in Debian's cronometer package (usr/share/cronometer/usda_sr24.jar),
// into internal/nutrition/foods/sr24.tsv.gz, the food database embedded in the
// binary (docs/nutrition-foods.md). USDA food composition data is in the
// public domain.
//
//	apt-get download cronometer && dpkg-deb -x cronometer_*.deb cronometer
//	go run ./cmd/hyrox-foods -jar cronometer/usr/share/cronometer/usda_sr24.jar
//
// The output is byte-for-byte reproducible: foods sorted by id, gzip without
// a timestamp.
package main

import (
	"archive/zip"
	"bufio"
	"cmp"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
)

func main() {
	jar := flag.String("jar", "", "path to usda_sr24.jar from Debian's cronometer package")
	out := flag.String("out", "internal/nutrition/foods/sr24.tsv.gz", "file to write")
	flag.Parse()
	if *jar == "" {
		fmt.Fprintln(os.Stderr, "usage: hyrox-foods -jar usda_sr24.jar [-out FILE]")
		os.Exit(2)
	}
	n, err := convert(*jar, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hyrox-foods:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d foods to %s\n", n, *out)
}

// xmlFood is one file of the jar: <food uid name><measure/>...<nutrient/>...</food>.
type xmlFood struct {
	UID      string `xml:"uid,attr"`
	Name     string `xml:"name,attr"`
	Measures []struct {
		Amount float64 `xml:"amount,attr"`
		Name   string  `xml:"name,attr"`
		Grams  float64 `xml:"grams,attr"`
	} `xml:"measure"`
	Nutrients []struct {
		Amount float64 `xml:"amount,attr"`
		Name   string  `xml:"name,attr"`
	} `xml:"nutrient"`
}

// columns are the nutrients kept, per 100 g, in the file's column order
// (Energy in kcal, Sodium in mg, the others in g). A nutrient the source does
// not give is written as 0 (docs/nutrition-foods.md#source-and-licence).
var columns = []string{"Energy", "Protein", "Carbs", "Fat", "Fiber", "Sugars", "Sodium"}

// microColumns follow columns: minerals in mg, then vitamin A (µg RAE),
// vitamin C (mg), vitamin D (µg), B12 (µg) and total folate (µg; the jar's
// "Folate" is USDA nutrient 417, folate total). A nutrient the source does not
// give is an empty field: unknown, not 0 (docs/nutrition-foods.md#micronutrients).
var microColumns = []string{"Potassium", "Magnesium", "Calcium", "Iron", "Zinc", vitaminA, "Vitamin C", vitaminD,
	"B12 (Cyanocobalamin)", "Folate"}

const (
	vitaminA = "Vitamin A"
	vitaminD = "Vitamin D"
)

// groups names the USDA food groups by the first two digits of a food's
// number; the jar carries no group, and numbers outside these blocks
// (newer additions) are "Other".
var groups = map[string]string{
	"01": "Dairy and Egg Products", "02": "Spices and Herbs", "03": "Baby Foods", "04": "Fats and Oils",
	"05": "Poultry Products", "06": "Soups, Sauces, and Gravies", "07": "Sausages and Luncheon Meats",
	"08": "Breakfast Cereals", "09": "Fruits and Fruit Juices", "10": "Pork Products",
	"11": "Vegetables and Vegetable Products", "12": "Nut and Seed Products", "13": "Beef Products",
	"14": "Beverages", "15": "Finfish and Shellfish Products", "16": "Legumes and Legume Products",
	"17": "Lamb, Veal, and Game Products", "18": "Baked Products", "19": "Sweets",
	"20": "Cereal Grains and Pasta", "21": "Fast Foods", "22": "Meals, Entrees, and Side Dishes",
	"23": "Beef Products", "25": "Snacks", "35": "American Indian/Alaska Native Foods", "36": "Restaurant Foods",
}

func convert(jarPath, outPath string) (int, error) {
	zr, err := zip.OpenReader(jarPath)
	if err != nil {
		return 0, err
	}
	defer zr.Close()
	deprecated, err := readDeprecated(&zr.Reader)
	if err != nil {
		return 0, err
	}
	var lines []food
	for _, f := range zr.File {
		if path.Ext(f.Name) != ".xml" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return 0, err
		}
		var x xmlFood
		err = xml.NewDecoder(rc).Decode(&x)
		rc.Close()
		if err != nil {
			return 0, fmt.Errorf("%s: %w", f.Name, err)
		}
		fd, err := toFood(x, deprecated[x.UID])
		if err != nil {
			return 0, fmt.Errorf("%s: %w", f.Name, err)
		}
		lines = append(lines, fd)
	}
	if len(lines) == 0 {
		return 0, errors.New("no foods found in the jar")
	}
	slices.SortFunc(lines, func(a, b food) int { return cmp.Compare(a.id, b.id) })

	out, err := os.Create(outPath)
	if err != nil {
		return 0, err
	}
	gz, err := gzip.NewWriterLevel(out, gzip.BestCompression)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriter(gz)
	for _, fd := range lines {
		w.WriteString(fd.line)
		w.WriteByte('\n')
	}
	if err := errors.Join(w.Flush(), gz.Close(), out.Close()); err != nil {
		return 0, err
	}
	return len(lines), nil
}

type food struct {
	id   int
	line string
}

// toFood renders one food as a TSV line: id, name, group, deprecated (0|1),
// the columns and microColumns per 100 g, then label and grams of each
// household measure.
func toFood(x xmlFood, deprecated bool) (food, error) {
	id, err := strconv.Atoi(x.UID)
	if err != nil || len(x.UID) < 2 {
		return food{}, fmt.Errorf("bad uid %q", x.UID)
	}
	group, ok := groups[x.UID[:2]]
	if !ok {
		group = "Other"
	}
	dep := "0"
	if deprecated {
		dep = "1"
	}
	fields := []string{x.UID, clean(x.Name), group, dep}
	given := map[string]float64{}
	for _, n := range x.Nutrients {
		given[n.Name] = n.Amount
	}
	for _, c := range columns {
		fields = append(fields, num(given[c])) // absent in the source: not measured, counted as 0
	}
	for _, c := range microColumns {
		v, ok := given[c]
		switch c {
		case vitaminA:
			v, ok = retinolActivity(given)
			v = math.Round(v*10) / 10 // computed: 0.1 µg is finer than the source measures
		case vitaminD:
			v /= IUPerMicrogramD // whole IU / 40: exact in three decimals
		}
		if ok {
			fields = append(fields, num(v))
		} else {
			fields = append(fields, "")
		}
	}
	for _, m := range x.Measures {
		if m.Grams <= 0 {
			continue
		}
		label := clean(m.Name)
		if m.Amount != 1 {
			label = num(m.Amount) + " " + label
		}
		fields = append(fields, label, num(m.Grams))
	}
	return food{id: id, line: strings.Join(fields, "\t")}, nil
}

// IUPerMicrogramD: 1 µg of vitamin D is 40 IU (the jar gives IU).
const IUPerMicrogramD = 40

// retinolActivity is a food's vitamin A in µg retinol activity equivalents
// (RAE), the unit of the reference intakes, from its retinol and provitamin A
// carotenoids (µg): retinol + β-carotene / 12 + (α-carotene + β-cryptoxanthin)
// / 24 (Institute of Medicine, DRI for Vitamin A..., 2001). The jar's
// "Vitamin A" is in IU, which cannot be split back into retinol and
// carotenes: with none of the four given, a food whose IU is 0 has 0 RAE and
// any other is unknown.
func retinolActivity(given map[string]float64) (float64, bool) {
	retinol, r := given["Retinol"]
	beta, b := given["Beta-carotene"]
	alpha, a := given["Alpha-carotene"]
	crypto, c := given["Beta-cryptoxanthin"]
	if r || b || a || c {
		return retinol + beta/12 + (alpha+crypto)/24, true
	}
	if iu, ok := given[vitaminA]; ok && iu == 0 {
		return 0, true
	}
	return 0, false
}

// readDeprecated reads usda_sr24/deprecated.index ("uid|NAME" lines): foods
// USDA has retired, kept for old diaries but ranked last in search.
func readDeprecated(zr *zip.Reader) (map[string]bool, error) {
	out := map[string]bool{}
	f, err := zr.Open("usda_sr24/deprecated.index")
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	for line := range strings.Lines(string(data)) {
		if uid, _, ok := strings.Cut(line, "|"); ok {
			out[uid] = true
		}
	}
	return out, nil
}

// clean makes a name safe for one TSV field and trims doubled spaces.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// num writes a number without trailing zeros (0.5, 12, 1.25).
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
