// Package careevent is what one feature tells the resident's record when
// something happens that the record must show: a resident going out or
// coming back, a refused or missed dose, a vital check left undone, a
// vital taken with a task or a med pass. The writing feature declares a
// small interface taking these values (resident.Chart, medication.Chart,
// task.Chart); cloud/server wires the care-record service to it. Each call
// runs in the caller's transaction, so the event and what it writes commit
// together or not at all.
package careevent

import "hearth/shared"

// Kind is an event that writes a progress note on its own.
type Kind string

const (
	GoingOut          Kind = "GOING_OUT"           // the resident went out (destination/reason, expected return)
	Returned          Kind = "RETURNED"            // the resident came back
	DoseRefused       Kind = "DOSE_REFUSED"        // an eMAR pass logged REFUSED
	DoseNotGiven      Kind = "DOSE_NOT_GIVEN"      // an eMAR pass logged NOT_GIVEN
	VitalCheckOverdue Kind = "VITAL_CHECK_OVERDUE" // a VITAL_CHECK task occurrence expired undone
)

// Note is an event on a resident's record. Args fill the note's sentence
// (keys per kind: reason, returnDate, medication, dose, task); SourceID
// names the event (a pass, a task record, a status change) so it writes
// one note however often it is told.
type Note struct {
	Kind       Kind
	TenantID   string
	ResidentID string
	ActorID    string // the user who caused it; empty for a job
	At         int64  // epoch ms the note reports on
	When       int64  // epoch ms the sentence names, if any (expected return, the check's due time); printed in the facility's zone
	SourceID   string
	Args       map[string]string
}

// Reading is a measurement another feature took (a task's vitals, the vital
// before a med pass).
type Reading struct {
	TenantID   string
	ResidentID string
	Metric     shared.HealthMetric
	Value      float64
	At         int64 // epoch ms measured
	Source     shared.ReadingSource
	SourceID   string
	ActorID    string
	Note       string
}

// MetricOfVital is the health metric of an eMAR vital sign.
func MetricOfVital(v shared.VitalSign) (shared.HealthMetric, bool) {
	switch v {
	case shared.VitalSystolicBP:
		return shared.MetricSystolicBP, true
	case shared.VitalDiastolicBP:
		return shared.MetricDiastolicBP, true
	case shared.VitalPulse:
		return shared.MetricHeartRate, true
	case shared.VitalBloodGlucose:
		return shared.MetricBloodGlucose, true
	case shared.VitalTemperature:
		return shared.MetricTemperature, true
	case shared.VitalRespiration:
		return shared.MetricRespiratoryRate, true
	case shared.VitalOxygenSaturation:
		return shared.MetricOxygenSaturation, true
	}
	return "", false
}

// Care is an ADL care given that another feature recorded (a completed
// care-plan task of a bathing, dressing, toileting or hygiene area).
type Care struct {
	TenantID   string
	ResidentID string
	Activity   shared.CareActivity
	At         int64 // epoch ms given
	SourceID   string
	ActorID    string
	Note       string
}

// ActivityOfArea is the care-monitor activity a care-plan task's area records
// when the task is completed, if any: meals and sleep need a value (how much
// was eaten, how long slept) that a task completion does not carry, and
// behaviour tasks are not one of the monitor's activities.
func ActivityOfArea(a shared.CareArea) (shared.CareActivity, bool) {
	switch a {
	case shared.AreaBathing:
		return shared.CareBathing, true
	case shared.AreaDressing:
		return shared.CareDressing, true
	case shared.AreaToileting:
		return shared.CareToileting, true
	case shared.AreaHygiene:
		return shared.CareGrooming, true
	case shared.AreaMobility:
		return shared.CareMobility, true
	}
	return "", false
}
