package apperr

import (
	"database/sql"
	"errors"
	"fmt"
	"testing"
)

func TestAsHidesForeignErrors(t *testing.T) {
	if e := As(errors.New("pq: secret detail")); e.Code != CodeInternal || e.Message == "pq: secret detail" {
		t.Fatalf("As(foreign) = %+v; want an internal error with a safe message", e)
	}
	wrapped := fmt.Errorf("saving: %w", Errorf(CodeConflict, "Taken."))
	if e := As(wrapped); e.Code != CodeConflict || e.Message != "Taken." {
		t.Fatalf("As(wrapped) = %+v", e)
	}
	if !Is(wrapped, CodeConflict) || Is(wrapped, CodeNotFound) || Is(nil, CodeConflict) {
		t.Fatal("Is does not follow the wrapped code")
	}
}

func TestNotFoundIfNoRows(t *testing.T) {
	gone := Errorf(CodeNotFound, "Workout not found.")
	if err := NotFoundIfNoRows(fmt.Errorf("scan: %w", sql.ErrNoRows), gone); err != gone {
		t.Fatalf("no rows = %v, want %v", err, gone)
	}
	other := errors.New("disk full")
	if err := NotFoundIfNoRows(other, gone); err != other {
		t.Fatalf("other error = %v, want it unchanged", err)
	}
	if NotFoundIfNoRows(nil, gone) != nil {
		t.Fatal("nil must stay nil")
	}
}

func TestValidatorKeepsFirstMessagePerFieldInOrder(t *testing.T) {
	var v Validator
	v.Check(true, "name", "unused")
	v.Check(false, "grams", "Enter grams.")
	v.Check(false, "grams", "second message")
	v.Check(false, "name", "Enter a name.")
	e := As(v.Err())
	if e.Code != CodeInvalid || e.Message != "Enter grams." || e.Fields["grams"] != "Enter grams." || e.Fields["name"] != "Enter a name." {
		t.Fatalf("Validator error = %+v", e)
	}
	var empty Validator
	if empty.Err() != nil {
		t.Fatal("no failed check must give no error")
	}
}
