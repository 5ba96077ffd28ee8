package coaching

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/identity"
	"hyrox/internal/plaintext"
)

// Photos are the keys of the images the web app ships that a coach may use.
var Photos = []string{"", "hero-athlete", "race-format"}

// ProfileInput is the body of PUT /api/coaching/profile.
type ProfileInput struct {
	Name         string   `json:"name"`
	Bio          string   `json:"bio"`
	Photo        string   `json:"photo"`
	Specialities []string `json:"specialities"`
	TimeZone     string   `json:"timeZone"`
}

// Profile limits (docs/coaching.md#roles).
const (
	MaxNameChars       = 80
	MaxBioChars        = 1000
	MaxSpecialities    = 8
	MaxSpecialityChars = 40
)

// ValidateProfile checks a profile and returns it cleaned.
func ValidateProfile(in ProfileInput) (ProfileInput, error) {
	var v apperr.Validator
	out := ProfileInput{Name: plaintext.Clean(in.Name), Bio: plaintext.Clean(in.Bio), Photo: in.Photo, TimeZone: strings.TrimSpace(in.TimeZone),
		Specialities: []string{}}
	n := utf8.RuneCountInString(out.Name)
	v.Check(plaintext.HasVisible(out.Name), "name", "Enter the name athletes see.")
	v.Check(n <= MaxNameChars, "name", "A name can be at most "+strconv.Itoa(MaxNameChars)+" characters.")
	v.Check(utf8.RuneCountInString(out.Bio) <= MaxBioChars, "bio", "A bio can be at most "+strconv.Itoa(MaxBioChars)+" characters.")
	v.Check(slices.Contains(Photos, out.Photo), "photo", "Choose one of the photos offered.")
	if msg := zoneProblem(out.TimeZone); msg != "" {
		v.Check(false, "timeZone", msg)
	}
	for _, s := range in.Specialities {
		s = plaintext.Clean(s)
		if s == "" || slices.Contains(out.Specialities, s) {
			continue
		}
		v.Check(utf8.RuneCountInString(s) <= MaxSpecialityChars, "specialities",
			"A speciality can be at most "+strconv.Itoa(MaxSpecialityChars)+" characters.")
		out.Specialities = append(out.Specialities, s)
	}
	v.Check(len(out.Specialities) <= MaxSpecialities, "specialities", "List at most "+strconv.Itoa(MaxSpecialities)+" specialities.")
	return out, v.Err()
}

// UpdateProfile replaces the signed-in coach's own profile.
func (s *Service) UpdateProfile(ctx context.Context, id identity.Identity, in ProfileInput) (Coach, error) {
	if !id.IsCoach() {
		return Coach{}, errNotCoach
	}
	p, err := ValidateProfile(in)
	if err != nil {
		return Coach{}, err
	}
	c := Coach{ID: id.UserID, Username: id.Username, Name: p.Name, Bio: p.Bio, Photo: p.Photo,
		Specialities: p.Specialities, TimeZone: p.TimeZone}
	if err := s.store.SaveProfile(ctx, c); err != nil {
		return Coach{}, err
	}
	return s.store.Coach(ctx, id.UserID)
}

// MyProfile is the signed-in coach's own profile.
func (s *Service) MyProfile(ctx context.Context, id identity.Identity) (Coach, error) {
	if !id.IsCoach() {
		return Coach{}, errNotCoach
	}
	return s.store.Coach(ctx, id.UserID)
}
