package training

// The training content of the product, written for HYROX athletes from the
// race format in shared/domain/hyrox.md (8 x 1 km run + 8 stations in order:
// SkiErg 1000 m, Sled Push 50 m, Sled Pull 50 m, Burpee Broad Jumps 80 m,
// Rowing 1000 m, Farmers Carry 200 m, Sandbag Lunges 100 m, Wall Balls 100).
// source: shared/domain/hyrox.md (race format, loads, median splits).

type workoutSpec struct {
	Slug, Name, Description string
	TargetTime              int
	Exercises               []exerciseLine
	ProTip                  string
}

type sessionSpec struct {
	Day            int
	Title, Details string
	Workout        string // workout slug, "" for a session without one
	InWeeks        []int  // the weeks (1-based) it is planned in; nil: every week
}

type planSpec struct {
	Slug, Name, Description, Category, Duration, Frequency, Level, RequiredTier string
	// Weeks are the focus of each week; every week repeats Sessions, with the
	// week's focus as its guidance.
	Weeks    []string
	Sessions []sessionSpec
	// Division is whose race loads the plan prescribes: open (default) or pro.
	Division string
}

var workoutContent = []workoutSpec{
	{Slug: "half-sim-front", Name: "Half Simulation: Stations 1-4",
		Description: "The first half of race day at race pace: four 1 km runs, each followed by the first four stations in race order. Use it to learn your opening pace and how your legs feel off the sleds.",
		TargetTime:  40,
		Exercises: []exerciseLine{
			{"Run", "1 km"}, {"SkiErg", "1000 m"}, {"Run", "1 km"}, {"Sled Push", "50 m"},
			{"Run", "1 km"}, {"Sled Pull", "50 m"}, {"Run", "1 km"}, {"Burpee Broad Jumps", "80 m"},
		},
		ProTip: "Start the first run 10-15 seconds per km slower than you think you can hold. Runs 2-7 usually come in 13-21% slower than run 1, so a calm opening pays back later."},
	{Slug: "half-sim-back", Name: "Half Simulation: Stations 5-8",
		Description: "The back half of the race, where most time is won or lost: row, carry, lunge and wall balls, each after a 1 km run.",
		TargetTime:  42,
		Exercises: []exerciseLine{
			{"Run", "1 km"}, {"Rowing", "1000 m"}, {"Run", "1 km"}, {"Farmers Carry", "200 m"},
			{"Run", "1 km"}, {"Sandbag Lunges", "100 m"}, {"Run", "1 km"}, {"Wall Balls", "100 reps"},
		},
		ProTip: "Break the 100 wall balls before you have to: sets of 20-25 with 5-second breaks beat one big set followed by a long stall."},
	{Slug: "full-sim", Name: "Full HYROX Simulation",
		Description: "The whole race in order: a 1 km run before each of the eight stations. Do it every 3-4 weeks at most, and treat it like race day: same shoes, same breakfast, same warm-up.",
		TargetTime:  90,
		Exercises: []exerciseLine{
			// One line per run and station, in race order: the log form pre-fills these 16 rows.
			{"Run", "1 km"}, {"SkiErg", "1000 m"}, {"Run", "1 km"}, {"Sled Push", "50 m"},
			{"Run", "1 km"}, {"Sled Pull", "50 m"}, {"Run", "1 km"}, {"Burpee Broad Jumps", "80 m"},
			{"Run", "1 km"}, {"Rowing", "1000 m"}, {"Run", "1 km"}, {"Farmers Carry", "200 m"},
			{"Run", "1 km"}, {"Sandbag Lunges", "100 m"}, {"Run", "1 km"}, {"Wall Balls", "100 reps"},
		},
		ProTip: "Time your Roxzone separately. Sixteen passages add up: at 15 seconds each that is 4 minutes, at 30 seconds it is 8."},
	{Slug: "compromised-running", Name: "Compromised Running Intervals",
		Description: "Run at race pace straight off a station, the exact feeling of race day. Four rounds of a heavy station block followed by a 1 km run.",
		TargetTime:  45,
		Exercises: []exerciseLine{
			{"Wall Balls", "4 x 25 reps"}, {"Sandbag Lunges", "4 x 25 m"}, {"Sled Push (moderate)", "4 x 25 m"},
			{"Run at race pace after each block", "4 x 1 km"},
		},
		ProTip: "The first 200 m after a station decide the split: shorten your stride and lift your cadence until your legs come back, then settle into pace."},
	{Slug: "wall-ball-endurance", Name: "Wall Ball Endurance",
		Description: "Builds the legs and shoulders for the last station, when everything is already tired. Fixed sets with short runs between them.",
		TargetTime:  25,
		Exercises: []exerciseLine{
			{"Wall Balls (6 kg men / 4 kg women)", "5 x 20 reps"}, {"Run between sets", "5 x 200 m"},
			{"Goblet Squat hold", "3 x 30 s"},
		},
		ProTip: "Catch the ball high and ride it down into the squat; throwing from a standstill at the bottom costs twice the energy."},
	{Slug: "sled-strength", Name: "Sled Strength Builder",
		Description: "Heavy pushing and pulling for stations 2 and 3, with squats and hinges to build the force behind them.",
		TargetTime:  50,
		Exercises: []exerciseLine{
			{"Sled Push (heavier than race load)", "6 x 25 m"}, {"Sled Pull, hand over hand", "6 x 25 m"},
			{"Back Squat", "5 x 5"}, {"Romanian Deadlift", "4 x 8"}, {"Plank", "3 x 45 s"},
		},
		ProTip: "On the push keep your arms long and hips low, and take short, fast steps. On the pull, walk backwards and use your legs, not just your arms."},
	{Slug: "lunge-strength", Name: "Lower Body Strength for Lunges",
		Description: "Single-leg strength and hip stability for 100 m of sandbag lunges without your legs giving out on the wall balls afterwards.",
		TargetTime:  50,
		Exercises: []exerciseLine{
			{"Back Squat", "5 x 5"}, {"Bulgarian Split Squat", "3 x 10 each leg"},
			{"Sandbag Walking Lunges", "4 x 25 m"}, {"Step-ups", "3 x 12 each leg"}, {"Calf Raises", "3 x 20"},
		},
		ProTip: "Let the back knee touch the floor softly every rep: a no-rep in the race costs more than a slightly slower lunge."},
	{Slug: "grip-and-carry", Name: "Grip and Carry",
		Description: "Grip endurance and trunk stiffness for the Farmers Carry, and a grip that still works for the sled pull rope.",
		TargetTime:  35,
		Exercises: []exerciseLine{
			{"Farmers Carry (race kettlebells)", "8 x 50 m"}, {"Dead Hang", "4 x 40 s"},
			{"Kettlebell Deadlift", "4 x 12"}, {"Sandbag Bear-hug Carry", "4 x 40 m"},
		},
		ProTip: "Walk fast with short steps and put the bells down only at the turns if you must: picking them up again costs more than you save."},
	{Slug: "threshold-1k", Name: "Threshold Run: 5 x 1 km",
		Description: "Kilometre repeats at threshold pace, the pace you can hold for about an hour, to raise the speed you can sustain between stations.",
		TargetTime:  45,
		Exercises: []exerciseLine{
			{"Easy run warm-up", "2 km"}, {"Threshold repeats, 90 s easy jog between", "5 x 1 km"},
			{"Strides", "4 x 100 m"}, {"Easy run cool-down", "1 km"},
		},
		ProTip: "Aim for even splits: the last repeat should be as fast as the first. If it is slower, start the next session 5 seconds per km easier."},
	{Slug: "long-easy-run", Name: "Long Easy Run",
		Description: "A long run in zone 2, easy enough to hold a conversation. It builds the aerobic base that half of your race time depends on.",
		TargetTime:  60,
		Exercises:   []exerciseLine{{"Easy run, conversational pace", "10-12 km"}, {"Mobility: hips and calves", "10 min"}},
		ProTip:      "Keep it truly easy. Most athletes run their easy days too hard and their hard days too easy."},
	{Slug: "erg-engine", Name: "Erg Engine: Ski and Row",
		Description: "Intervals on the two ergometers of the race. The ergs vary least between finish bands, so they are where a steady engine pays off.",
		TargetTime:  40,
		Exercises: []exerciseLine{
			{"SkiErg", "5 x 500 m"}, {"Rowing", "5 x 500 m"}, {"Rest between pairs", "2 min"},
		},
		ProTip: "On the SkiErg hinge at the hips and drive with your lats; on the rower the order is legs, body, arms, and back again in reverse."},
	{Slug: "roxzone-drill", Name: "Roxzone Transition Drill",
		Description: "Short runs into short station bursts, practising fast, calm transitions. Elite athletes spend under 15 seconds per transition.",
		TargetTime:  30,
		Exercises: []exerciseLine{
			{"Run", "8 x 400 m"}, {"Wall Balls", "8 x 10 reps"}, {"Burpee Broad Jumps", "8 x 5"},
			{"Walk-in, station, walk-out", "as fast as control allows"},
		},
		ProTip: "Plan every transition before you reach it: where the station is, which lane, where you drop the ball. Decide early, move without stopping."},
	{Slug: "burpee-broad-jump", Name: "Burpee Broad Jump Technique",
		Description: "Technique and rhythm for the 80 m of burpee broad jumps, the station where times spread the most between finish bands.",
		TargetTime:  30,
		Exercises: []exerciseLine{
			{"Burpee Broad Jumps", "4 x 20 m"}, {"Broad Jumps", "3 x 8"}, {"Push-ups", "3 x 12"},
			{"Run", "4 x 400 m"},
		},
		ProTip: "Step your feet back and forward instead of jumping them out when you tire; a steady rhythm beats big jumps followed by long rests."},
	{Slug: "engine-wod", Name: "HYROX WOD: The Engine",
		Description: "A 30-minute AMRAP mixing running, erg work and functional stations: the kind of mixed effort HYROX rewards.",
		TargetTime:  30,
		Exercises: []exerciseLine{
			{"Run", "400 m"}, {"Rowing", "500 m"}, {"Wall Balls", "20 reps"},
			{"Burpee Broad Jumps", "10"}, {"Farmers Carry", "100 m"},
		},
		ProTip: "Pick a pace you could hold for a full race and count rounds; the goal is the same time for every round, not a fast first one."},
	{Slug: "brick-tempo", Name: "Tempo Run and Stations Brick",
		Description: "A tempo run broken up by station work, to practise holding rhythm through fatigue.",
		TargetTime:  50,
		Exercises: []exerciseLine{
			{"Tempo run", "3 x 2 km"}, {"SkiErg after each run", "3 x 500 m"},
			{"Farmers Carry after each run", "3 x 100 m"}, {"Wall Balls to finish", "50 reps"},
		},
		ProTip: "Hold tempo pace, not race pace: comfortably hard, breathing rhythmic, able to say a few words."},
	{Slug: "recovery-flush", Name: "Recovery Flush",
		Description: "Easy movement and mobility the day after a hard session, to recover faster without adding fatigue.",
		TargetTime:  30,
		Exercises: []exerciseLine{
			{"Easy bike or row", "20 min"}, {"Hip flexor and calf mobility", "5 min"},
			{"Thoracic rotations", "2 x 10 each side"},
		},
		ProTip: "If your heart rate drifts above zone 2, slow down. Recovery sessions only work when they are easy."},
}

var planContent = []planSpec{
	{Slug: "station-strength-foundations", Name: "Station Strength Foundations", Category: "strength",
		Description: "Build the strength behind the sleds, lunges and carries with three gym sessions a week. For athletes preparing for their first HYROX in the Open division.",
		Duration:    "6 weeks", Frequency: "3 sessions/week", Level: "Beginner", RequiredTier: "basic",
		Weeks: []string{
			"Learn the lifts: moderate loads, perfect technique.",
			"Add one set to every main lift.",
			"Heavier squats; sled loads up to race weight.",
			"Deload: two-thirds of the volume, same loads.",
			"Heaviest week: sleds above race weight.",
			"Test week: race-weight sleds and carries at race pace.",
		},
		Sessions: []sessionSpec{
			{1, "Sleds and squats", "Main lift first, then the sled work.", "sled-strength", nil},
			{3, "Single-leg strength", "Control every lunge; touch the knee softly.", "lunge-strength", nil},
			{5, "Grip and carry", "Race kettlebells, short fast steps.", "grip-and-carry", nil},
		}},
	{Slug: "pro-sled-carry-power", Name: "Pro Sled and Carry Power", Category: "strength",
		Description: "Eight weeks of heavy sled, carry and lunge work for Pro-division loads (sled push 202 kg men / 152 kg women, including the sled).",
		Duration:    "8 weeks", Frequency: "4 sessions/week", Level: "Advanced", RequiredTier: "pro",
		Weeks: []string{
			"Base: learn to move Pro loads with good form.", "Volume up: more sled and carry sets.", "Heavier sleds, same clean technique.",
			"Deload week.", "Heaviest sleds of the block.", "Strength under fatigue: stations straight off the run.",
			"Peak: the most volume at the heaviest loads.", "Taper: half volume, keep intensity.",
		},
		Division: DivisionPro,
		Sessions: []sessionSpec{
			{1, "Heavy sleds", "Push and pull above Pro race load.", "sled-strength", nil},
			{2, "Lunge strength", "Sandbag lunges at Pro weight (30 kg men / 20 kg women).", "lunge-strength", nil},
			{4, "Grip and carry", "Pro kettlebells (2 x 32 kg men / 2 x 24 kg women).", "grip-and-carry", nil},
			{6, "Strength under fatigue", "Stations straight off the run.", "compromised-running", nil},
		}},
	{Slug: "hyrox-run-base", Name: "HYROX Run Base", Category: "running",
		Description: "Running is about half of an Open race. Build an aerobic base with easy runs, one threshold session and one long run a week.",
		Duration:    "8 weeks", Frequency: "3 runs/week", Level: "Beginner", RequiredTier: "basic",
		Weeks: []string{
			"Easy start: all runs conversational.", "A longer long run.", "More threshold repeats, same even splits.",
			"Recovery week: shorter runs.", "Threshold volume up again.", "The longest long run of the plan.",
			"Race-pace strides after every easy run.", "Taper: short and sharp before race day.",
		},
		Sessions: []sessionSpec{
			{2, "Threshold repeats", "Even splits, 90 s jog between.", "threshold-1k", nil},
			{4, "Easy run and mobility", "30-40 minutes easy, then the recovery routine.", "recovery-flush", nil},
			{6, "Long easy run", "Conversational pace the whole way.", "long-easy-run", nil},
		}},
	{Slug: "race-pace-builder", Name: "Race Pace Builder", Category: "running",
		Description: "Faster running between stations: threshold work, compromised runs and a weekly long run to hold your pace from run 1 to run 8.",
		Duration:    "6 weeks", Frequency: "4 runs/week", Level: "Advanced", RequiredTier: "pro",
		Weeks: []string{
			"Find race pace: the threshold repeats set the targets.", "Threshold plus compromised runs.", "More compromised rounds.",
			"Deload week.", "Race-pace week: every hard run at target pace.", "Sharpen and taper.",
		},
		Sessions: []sessionSpec{
			{1, "Threshold repeats", "Target pace from the time trial.", "threshold-1k", nil},
			{3, "Compromised running", "Run straight off the station.", "compromised-running", nil},
			{5, "Tempo brick", "Tempo runs with stations between.", "brick-tempo", nil},
			{7, "Long easy run", "Easy, relaxed, long.", "long-easy-run", nil},
		}},
	{Slug: "hyrox-wod-starter", Name: "HYROX WOD Starter", Category: "wod",
		Description: "Four weeks of mixed workouts that teach every station and the rhythm of running in between. A good first plan.",
		Duration:    "4 weeks", Frequency: "3 sessions/week", Level: "Beginner", RequiredTier: "basic",
		Weeks: []string{
			"Learn the stations: technique first.", "Link runs and stations.", "Push the pace in the WOD.", "Race week: lighter sessions, then race day.",
		},
		Sessions: []sessionSpec{
			{1, "The Engine WOD", "Same pace every round.", "engine-wod", nil},
			{3, "Burpee broad jumps", "Rhythm over big jumps.", "burpee-broad-jump", nil},
			{5, "Wall ball endurance", "Break sets early.", "wall-ball-endurance", nil},
		}},
	{Slug: "race-simulation-block", Name: "Race Simulation Block", Category: "wod",
		Description: "A six-week block built around half and full simulations, with transition drills, for athletes chasing a personal best.",
		Duration:    "6 weeks", Frequency: "4 sessions/week", Level: "Advanced", RequiredTier: "pro",
		Weeks: []string{
			"Front and back halves at race pace.", "Halves again: hold your pace from the first run to the last.", "Full simulation week: race effort on Saturday.",
			"Deload week: the halves at an easy effort.", "Halves at race pace with faster transitions.", "Taper: short, sharp, fresh.",
		},
		Sessions: []sessionSpec{
			{1, "Front-half simulation", "Runs 1-4 and stations 1-4.", "half-sim-front", nil},
			{3, "Roxzone drill", "Calm, fast transitions.", "roxzone-drill", nil},
			{5, "Back-half simulation", "Runs 5-8 and stations 5-8.", "half-sim-back", nil},
			{6, "Full simulation", "The whole race (8 x 1 km runs and the eight stations), in week 3 only.", "full-sim", []int{3}},
			{6, "Recovery flush", "Easy and short, the day after the back half.", "recovery-flush", []int{1, 2, 4, 5, 6}},
		}},
	{Slug: "erg-engine-builder", Name: "Erg Engine Builder", Category: "cardio",
		Description: "Steady SkiErg and rowing intervals plus easy aerobic work: the engine for stations 1 and 5 and the runs around them.",
		Duration:    "6 weeks", Frequency: "3 sessions/week", Level: "Intermediate", RequiredTier: "basic",
		Weeks: []string{
			"Even pacing on both ergs.", "More intervals, same splits.", "More intervals again.",
			"Recovery week.", "Race pace on the ergs.", "Taper: fewer intervals, fast and smooth.",
		},
		Sessions: []sessionSpec{
			{2, "Erg intervals", "Even splits, stroke rate steady.", "erg-engine", nil},
			{4, "Recovery flush", "Easy and short.", "recovery-flush", nil},
			{6, "The Engine WOD", "Mixed cardio at a steady pace.", "engine-wod", nil},
		}},
	{Slug: "roxzone-threshold-conditioning", Name: "Roxzone and Threshold Conditioning", Category: "cardio",
		Description: "Threshold conditioning and transition practice to cut the Roxzone, which is 6-9% of the race for most athletes.",
		Duration:    "8 weeks", Frequency: "4 sessions/week", Level: "Advanced", RequiredTier: "pro",
		Weeks: []string{
			"Baseline: time every transition.", "Threshold volume up.", "Transitions under fatigue.", "Deload week.",
			"Faster transitions under fatigue.", "Threshold plus ergs.", "Race rehearsal: every transition at race speed.", "Taper.",
		},
		Sessions: []sessionSpec{
			{1, "Roxzone drill", "Time every passage.", "roxzone-drill", nil},
			{2, "Erg intervals", "Threshold effort.", "erg-engine", nil},
			{4, "Threshold repeats", "Even splits.", "threshold-1k", nil},
			{6, "Tempo brick", "Hold rhythm through the stations.", "brick-tempo", nil},
		}},
}

// exerciseLine is a workout line as written above (stored as an Exercise).
type exerciseLine struct{ Name, Reps string }
