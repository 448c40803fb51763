package shared

// Named role sets, one per access policy (spec 000 §3 roles, §6 menus). Every
// route's web.Op.Roles and every role check in a service uses one of these, so
// a policy changes in one place. Treat them as read-only.
var (
	// SuperAdmins: the platform operator only.
	SuperAdmins = []Role{RoleSuperAdmin}
	// FacilityOwners: the facility's owners (the registering owner and the owner).
	FacilityOwners = []Role{RoleFacilityOwner, RoleFacilityOwnerRegister}
	// FacilityManagers: owners and admins, who manage the facility's people and records.
	FacilityManagers = []Role{RoleFacilityOwner, RoleFacilityOwnerRegister, RoleFacilityAdmin}
	// AccountEditors add and edit accounts: facility managers and the super admin.
	AccountEditors = []Role{RoleFacilityOwner, RoleFacilityOwnerRegister, RoleFacilityAdmin, RoleSuperAdmin}
	// EveryFacilityRole: anyone who belongs to a facility.
	EveryFacilityRole = []Role{RoleFacilityOwner, RoleFacilityOwnerRegister, RoleFacilityAdmin, RoleCaregiverStaff}
	// Caregivers: caregiver staff only (their own /your-status pages).
	Caregivers = []Role{RoleCaregiverStaff}
	// CaregivingRoles: caregivers and admins (promoted caregivers), who file leave
	// and shift-change requests.
	CaregivingRoles = []Role{RoleCaregiverStaff, RoleFacilityAdmin}
	// ShiftWorkers clock in and out: caregivers, admins and owners who work
	// shifts themselves (not the registering owner, who holds the account).
	ShiftWorkers = []Role{RoleCaregiverStaff, RoleFacilityAdmin, RoleFacilityOwner}
	// KioskKeepers register and revoke the door kiosks: the working owner.
	KioskKeepers = []Role{RoleFacilityOwner}
	// AIUsers call the AI service (translator, speech, chat completion): anyone
	// in a facility, and the super admin (who is not plan-gated).
	AIUsers = []Role{RoleFacilityOwner, RoleFacilityOwnerRegister, RoleFacilityAdmin, RoleCaregiverStaff, RoleSuperAdmin}
	// ChatUsers call the chat: anyone in a facility; the super admin, who has
	// no facility, is answered that chat is for a facility's people.
	ChatUsers = []Role{RoleFacilityOwner, RoleFacilityOwnerRegister, RoleFacilityAdmin, RoleCaregiverStaff, RoleSuperAdmin}
	// Inspectors: a state inspector signed in through an inspector link
	// (read-only, the link's home and areas; cloud/feature/inspector).
	Inspectors = []Role{RoleInspector}
	// BillingReaders read usage that is billed: the facility's owners, and the super admin for every facility.
	BillingReaders = []Role{RoleFacilityOwner, RoleFacilityOwnerRegister, RoleSuperAdmin}
)
