package training

import (
	"context"
	"sort"
	"strings"

	"hyrox/internal/apperr"
)

// The exercise library (docs/training.md#exercise-library): the eight HYROX
// stations in race order plus the running and strength exercises of the
// workouts. Loads per division source: docs/training.md (2024/25-2025/26
// rulebooks as reported publicly; sled weights include the sled; doubles use
// the singles loads).

// Standard is one division's work and load for an exercise.
type Standard struct {
	Division string `json:"division"`
	Standard string `json:"standard"`
}

// LibraryExercise is one exercise of the library.
type LibraryExercise struct {
	Slug      string     `json:"slug"`
	Name      string     `json:"name"`
	Category  string     `json:"category"` // station | running | strength
	Station   int        `json:"station,omitempty"`
	Summary   string     `json:"summary"`
	RaceWork  string     `json:"raceWork,omitempty"`
	HowTo     []string   `json:"howTo"`
	Standards []Standard `json:"standards"`
	Scaling   []string   `json:"scaling"`
	Workouts  []Workout  `json:"workouts,omitempty"` // library workouts that use it (detail only)
	aliases   []string
}

func openPro(women, men, proWomen, proMen string) []Standard {
	return []Standard{{"Open women", women}, {"Open men", men}, {"Pro women", proWomen}, {"Pro men", proMen}}
}

var exerciseLibrary = []LibraryExercise{
	{Slug: "skierg", Name: "SkiErg", Category: "station", Station: 1, RaceWork: "1000 m",
		Summary: "The first station: 1000 m on the ski ergometer, straight after the first 1 km run.",
		HowTo: []string{"Stand tall, arms up, handles at head height.", "Hinge at the hips and drive the handles down with your lats, arms close to the body.",
			"Finish with hands past the hips, knees soft, then let the handles rise as you stand tall again.", "Keep a steady stroke rate; a calm first station sets up the race."},
		Standards: openPro("1000 m", "1000 m", "1000 m", "1000 m"),
		Scaling:   []string{"Shorter intervals (5 x 200 m) to learn the stroke.", "Lower damper (3-5) for beginners.", "No SkiErg: banded straight-arm pulldowns plus a run."}},
	{Slug: "sled-push", Name: "Sled Push", Category: "station", Station: 2, RaceWork: "50 m (4 x 12.5 m)",
		Summary: "Push a weighted sled 50 m: heavy legs work that decides the next runs.",
		HowTo: []string{"Hands on the poles, arms long, body at about 45 degrees.", "Take short, fast steps, driving through the balls of the feet.",
			"Keep the hips low and the head neutral; do not stop on the lanes if you can help it."},
		Standards: openPro("102 kg (with the sled)", "152 kg (with the sled)", "152 kg (with the sled)", "202 kg (with the sled)"),
		Scaling:   []string{"Lighter sled, same distance.", "Shorter pushes (4 x 12.5 m with rests).", "No sled: heavy prowler or walking lunges with a weight vest."},
		aliases:   []string{"sled push"}},
	{Slug: "sled-pull", Name: "Sled Pull", Category: "station", Station: 3, RaceWork: "50 m (4 x 12.5 m)",
		Summary: "Pull the sled 50 m with a rope, hand over hand, from behind a line.",
		HowTo: []string{"Stand behind the line, rope in both hands, knees bent.", "Pull hand over hand, walking backwards to use your legs and body weight.",
			"Lay the rope to the side so you do not trip on it."},
		Standards: openPro("78 kg (with the sled)", "103 kg (with the sled)", "103 kg (with the sled)", "153 kg (with the sled)"),
		Scaling:   []string{"Lighter sled.", "Seated rope pulls for strength.", "No sled: heavy rows and band pulls."},
		aliases:   []string{"sled pull"}},
	{Slug: "burpee-broad-jumps", Name: "Burpee Broad Jumps", Category: "station", Station: 4, RaceWork: "80 m",
		Summary: "80 m of burpees, each followed by a two-footed broad jump forward.",
		HowTo: []string{"Chest and thighs touch the floor in the burpee.", "Jump forward with both feet together and land with both feet together.",
			"Step the feet back and forward when tired: a steady rhythm beats big jumps followed by rests."},
		Standards: openPro("80 m", "80 m", "80 m", "80 m"),
		Scaling:   []string{"Shorter distance (20-40 m).", "Step-back burpees with a small jump.", "Burpees and broad jumps as separate sets."},
		aliases:   []string{"burpee broad jump"}},
	{Slug: "rowing", Name: "Rowing", Category: "station", Station: 5, RaceWork: "1000 m",
		Summary: "1000 m on the rowing ergometer, the start of the race's second half.",
		HowTo: []string{"Drive with the legs first, then swing the body back, then pull the arms.", "Return in reverse: arms, body, legs.",
			"Hold a steady split; the ergs vary least between finish times, so do not overspend here."},
		Standards: openPro("1000 m", "1000 m", "1000 m", "1000 m"),
		Scaling:   []string{"500 m intervals.", "Damper 4-6.", "No rower: SkiErg or bike for the same time."},
		aliases:   []string{"rowing", "rower", "row"}},
	{Slug: "farmers-carry", Name: "Farmers Carry", Category: "station", Station: 6, RaceWork: "200 m",
		Summary: "Carry two kettlebells 200 m: grip and trunk under fatigue.",
		HowTo: []string{"Deadlift the bells with a flat back.", "Walk fast with short steps, shoulders down and back.",
			"Set the bells down only when you must; picking them up again costs time."},
		Standards: openPro("2 x 16 kg", "2 x 24 kg", "2 x 24 kg", "2 x 32 kg"),
		Scaling:   []string{"Lighter bells.", "Shorter carries (4 x 50 m).", "Dumbbells or trap bar."},
		aliases:   []string{"farmers carry", "farmer carry"}},
	{Slug: "sandbag-lunges", Name: "Sandbag Lunges", Category: "station", Station: 7, RaceWork: "100 m",
		Summary: "100 m of walking lunges with a sandbag on the shoulders.",
		HowTo: []string{"Sandbag on the shoulders, chest up.", "Step forward and let the back knee touch the floor softly every rep.",
			"Stand fully before the next step; a no-rep costs more than a slower lunge."},
		Standards: openPro("10 kg", "20 kg", "20 kg", "30 kg"),
		Scaling:   []string{"Lighter sandbag or none.", "Shorter distance.", "Reverse lunges in place."},
		aliases:   []string{"sandbag lunges", "sandbag walking lunges", "lunges"}},
	{Slug: "wall-balls", Name: "Wall Balls", Category: "station", Station: 8, RaceWork: "100 reps",
		Summary: "The last station: 100 wall balls to a target, legs already tired.",
		HowTo: []string{"Squat below parallel with the ball at the chest.", "Drive up and throw the ball to hit the target.",
			"Catch high and ride the ball down into the next squat.", "Break the set early: 20-25 reps with 5-second breaks."},
		Standards: openPro("4 kg to 2.70 m", "6 kg to 3.00 m", "6 kg to 2.70 m", "9 kg to 3.00 m"),
		Scaling:   []string{"Lighter ball or lower target.", "Sets of 10.", "Thrusters with a light dumbbell."},
		aliases:   []string{"wall balls", "wall ball"}},
	{Slug: "run", Name: "Run", Category: "running", RaceWork: "8 x 1 km",
		Summary: "Eight 1 km runs, one before each station: about half of an Open race.",
		HowTo: []string{"Start run 1 calmer than you think: runs 2-7 usually come in 13-21 % slower than run 1.",
			"After a station, shorten the stride and lift the cadence for the first 200 m.", "Most running in training is easy (conversational); one or two sessions a week are hard."},
		Standards: []Standard{{"Every division", "8 x 1 km"}, {"Relay", "2 x 1 km per athlete"}},
		Scaling:   []string{"Run-walk intervals.", "Bike or rower on the same effort when injured."},
		aliases:   []string{"run", "strides"}},
	{Slug: "back-squat", Name: "Back Squat", Category: "strength",
		Summary:   "The main leg-strength lift behind the sleds, lunges and wall balls.",
		HowTo:     []string{"Bar on the upper back, feet shoulder-width.", "Sit down between the heels, knees over the toes, chest up.", "Stand up driving through the whole foot."},
		Standards: []Standard{{"Beginner", "5 x 5 at a load you could lift 8 times"}, {"Advanced", "5 x 5 at about 80 % of your 1-rep max"}},
		Scaling:   []string{"Goblet squat.", "Box squat to a fixed depth."},
		aliases:   []string{"back squat"}},
	{Slug: "romanian-deadlift", Name: "Romanian Deadlift", Category: "strength",
		Summary:   "Hamstrings and hips for the sled pull and the carries.",
		HowTo:     []string{"Soft knees, push the hips back, bar close to the legs.", "Lower until the hamstrings stretch, back flat.", "Drive the hips forward to stand."},
		Standards: []Standard{{"Every division", "4 x 8, last reps hard but clean"}},
		Scaling:   []string{"Kettlebell deadlift.", "Single-leg with a light dumbbell."},
		aliases:   []string{"romanian deadlift"}},
	{Slug: "bulgarian-split-squat", Name: "Bulgarian Split Squat", Category: "strength",
		Summary:   "Single-leg strength and balance for 100 m of lunges.",
		HowTo:     []string{"Back foot on a bench, front foot far enough forward.", "Lower straight down until the back knee is near the floor.", "Drive up through the front heel."},
		Standards: []Standard{{"Every division", "3 x 10 each leg"}},
		Scaling:   []string{"Split squat with the back foot on the floor.", "Hold on to a rack."},
		aliases:   []string{"bulgarian split squat"}},
	{Slug: "goblet-squat", Name: "Goblet Squat", Category: "strength",
		Summary:   "A front-loaded squat that teaches the wall-ball squat.",
		HowTo:     []string{"Hold a kettlebell at the chest.", "Squat below parallel, elbows inside the knees.", "Pause, then stand."},
		Standards: []Standard{{"Every division", "3 x 30 s hold or 3 x 12"}},
		Scaling:   []string{"Squat to a box.", "Lighter bell."},
		aliases:   []string{"goblet squat"}},
	{Slug: "kettlebell-deadlift", Name: "Kettlebell Deadlift", Category: "strength",
		Summary:   "The pick-up of the farmers carry, made strong.",
		HowTo:     []string{"Bell between the feet.", "Hips back, flat back, grip hard.", "Stand tall, then lower with control."},
		Standards: []Standard{{"Every division", "4 x 12 with your race bell or heavier"}},
		Scaling:   []string{"Lighter bell.", "Raise the bell on a step."},
		aliases:   []string{"kettlebell deadlift"}},
	{Slug: "push-ups", Name: "Push-ups", Category: "strength",
		Summary:   "The bottom of every burpee.",
		HowTo:     []string{"Hands under the shoulders, body in a straight line.", "Chest to the floor, then press up."},
		Standards: []Standard{{"Every division", "3 x 12"}},
		Scaling:   []string{"Hands on a bench.", "From the knees."},
		aliases:   []string{"push-ups", "push ups"}},
	{Slug: "dead-hang", Name: "Dead Hang", Category: "strength",
		Summary:   "Grip endurance for the carries and the sled-pull rope.",
		HowTo:     []string{"Hang from a bar with straight arms.", "Shoulders engaged, breathe."},
		Standards: []Standard{{"Every division", "4 x 40 s"}},
		Scaling:   []string{"Feet on a box to take some weight.", "Shorter holds."},
		aliases:   []string{"dead hang"}},
	{Slug: "plank", Name: "Plank", Category: "strength",
		Summary:   "Trunk stiffness for pushing, pulling and carrying.",
		HowTo:     []string{"Forearms under the shoulders, body straight.", "Squeeze the glutes, do not let the hips sag."},
		Standards: []Standard{{"Every division", "3 x 45 s"}},
		Scaling:   []string{"From the knees.", "Shorter holds."},
		aliases:   []string{"plank"}},
	{Slug: "broad-jumps", Name: "Broad Jumps", Category: "strength",
		Summary:   "Power for the jump half of the burpee broad jump.",
		HowTo:     []string{"Swing the arms, jump forward with both feet.", "Land softly with both feet, knees bent."},
		Standards: []Standard{{"Every division", "3 x 8"}},
		Scaling:   []string{"Shorter jumps.", "Squat jumps in place."},
		aliases:   []string{"broad jumps"}},
	{Slug: "step-ups", Name: "Step-ups", Category: "strength",
		Summary:   "Single-leg drive and knee control.",
		HowTo:     []string{"One foot on a box at knee height.", "Step up without pushing off the back foot.", "Step down with control."},
		Standards: []Standard{{"Every division", "3 x 12 each leg"}},
		Scaling:   []string{"Lower box.", "No weight."},
		aliases:   []string{"step-ups", "step ups"}},
}

var (
	exerciseBySlug = map[string]*LibraryExercise{}
	exerciseMatch  []struct{ key, slug string } // longest first
)

func init() {
	for i := range exerciseLibrary {
		e := &exerciseLibrary[i]
		exerciseBySlug[e.Slug] = e
		keys := append([]string{strings.ToLower(e.Name)}, e.aliases...)
		for _, k := range keys {
			exerciseMatch = append(exerciseMatch, struct{ key, slug string }{k, e.Slug})
		}
	}
	sort.SliceStable(exerciseMatch, func(i, j int) bool { return len(exerciseMatch[i].key) > len(exerciseMatch[j].key) })
}

// exerciseSlug finds the library exercise a workout line names ("" if none):
// the longest library name or alias the line contains as whole words.
func exerciseSlug(line string) string {
	l := " " + strings.ToLower(line) + " "
	for _, m := range exerciseMatch {
		i := strings.Index(l, m.key)
		for i >= 0 {
			before, after := l[i-1], byte(' ')
			if i+len(m.key) < len(l) {
				after = l[i+len(m.key)]
			}
			if !isWordByte(before) && !isWordByte(after) {
				return m.slug
			}
			next := strings.Index(l[i+1:], m.key)
			if next < 0 {
				break
			}
			i += next + 1
		}
	}
	return ""
}

func isWordByte(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' }

// linkExercises sets each workout line's library slug.
func linkExercises(w *Workout) {
	for i := range w.Exercises {
		w.Exercises[i].Slug = exerciseSlug(w.Exercises[i].Name)
	}
}

// Exercises lists the library (without the workouts that use each).
func (s *Service) Exercises() []LibraryExercise {
	out := make([]LibraryExercise, len(exerciseLibrary))
	copy(out, exerciseLibrary)
	return out
}

// Exercise returns one library exercise with the workouts that use it.
func (s *Service) Exercise(ctx context.Context, slug string) (LibraryExercise, error) {
	e, ok := exerciseBySlug[slug]
	if !ok {
		return LibraryExercise{}, apperr.Errorf(apperr.CodeNotFound, "That exercise is not in the library.")
	}
	out := *e
	ws, err := s.Workouts(ctx)
	if err != nil {
		return out, err
	}
	out.Workouts = []Workout{}
	for _, w := range ws {
		for _, x := range w.Exercises {
			if x.Slug == slug {
				out.Workouts = append(out.Workouts, w)
				break
			}
		}
	}
	return out, nil
}
