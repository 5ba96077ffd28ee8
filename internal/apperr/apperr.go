// Package apperr is the domain's error type: a code that says what kind of
// failure it is and a message that is safe to show a user. Stores and services
// return it; httpx maps its codes to HTTP statuses.
package apperr

import (
	"database/sql"
	"errors"
	"fmt"
)

// Code classifies an error.
type Code string

const (
	CodeInvalid          Code = "invalid"
	CodeUnauthorized     Code = "unauthorized"
	CodeForbidden        Code = "forbidden"
	CodeNotFound         Code = "not_found"
	CodeMethodNotAllowed Code = "method_not_allowed"
	CodeConflict         Code = "conflict"
	CodeTooLarge         Code = "too_large"
	CodeTooManyRequests  Code = "too_many_requests"
	CodeUnavailable      Code = "unavailable"
	CodeInternal         Code = "internal"
)

// Error is an error with a code and a message that is safe to show a user.
// Fields carries per-field validation messages; Extra adds top-level members
// to the JSON body (for example requiredTier).
type Error struct {
	Code    Code
	Message string
	Fields  map[string]string
	Extra   map[string]any
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Errorf builds an Error with a formatted user-safe message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid builds a validation error from field messages; the message is the
// first field's message so a form without per-field display still reads well.
func Invalid(fields map[string]string, order ...string) *Error {
	msg := "Please check the highlighted fields."
	for _, f := range order {
		if m, ok := fields[f]; ok {
			msg = m
			break
		}
	}
	if len(order) == 0 && len(fields) == 1 {
		for _, m := range fields {
			msg = m
		}
	}
	return &Error{Code: CodeInvalid, Message: msg, Fields: fields}
}

// Validator gathers field messages in order; the first message per field wins.
type Validator struct {
	fields map[string]string
	order  []string
}

// Check records msg for field when ok is false.
func (v *Validator) Check(ok bool, field, msg string) {
	if ok {
		return
	}
	if v.fields == nil {
		v.fields = map[string]string{}
	}
	if _, seen := v.fields[field]; seen {
		return
	}
	v.fields[field] = msg
	v.order = append(v.order, field)
}

// Err returns the validation error, or nil when every check passed.
func (v *Validator) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return Invalid(v.fields, v.order...)
}

var (
	ErrUnauthorized = &Error{Code: CodeUnauthorized, Message: "Please log in to continue."}
	ErrForbidden    = &Error{Code: CodeForbidden, Message: "You do not have access to this."}
	ErrNotFound     = &Error{Code: CodeNotFound, Message: "Not found."}
)

// As returns err as an *Error, or an internal error that hides its text.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Code: CodeInternal, Message: "Something went wrong on our side. Please try again."}
}

// Is reports whether err carries code.
func Is(err error, code Code) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}

// NotFoundIfNoRows is how every store turns a missing row into the domain's
// not-found error: sql.ErrNoRows becomes notFound, any other error passes.
// Services then test apperr.Is(err, CodeNotFound). Only where a missing row is
// a normal answer, not an error (an exists check, an optional row), does a
// store test sql.ErrNoRows itself.
func NotFoundIfNoRows(err error, notFound *Error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return notFound
	}
	return err
}
