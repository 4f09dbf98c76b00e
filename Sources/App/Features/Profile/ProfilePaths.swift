/// The paths of the Profile page and its forms.
enum ProfilePaths {
    static let index = "/profile"
    static let photo = "/profile/photo"
    static let removePhoto = "/profile/photo/delete"
    static let password = "/profile/password"
    static let sessions = "/profile/sessions"
    /// Logs out one other browser, named by its session's handle (never its id).
    static let endSession = PathPattern("/profile/sessions/:handle/delete")
    static let notifications = "/profile/notifications"
    /// The owner's page of members and invitations.
    static let household = "/profile/household"
    static let revokeInvitation = PathPattern("/profile/household/invitations/:id/delete")
    static let twoFactor = "/profile/two-factor"
    static let twoFactorQR = "/profile/two-factor/qr.svg"
    static let recoveryCodes = "/profile/two-factor/recovery-codes"
    static let twoFactorOff = "/profile/two-factor/off"
    static let calendarFeed = "/profile/notifications/calendar"
    static let push = "/profile/notifications/push"
    static let pushTest = "/profile/notifications/push/test"
    /// Switches on push channels that are off (an import brings them so).
    static let pushOn = "/profile/notifications/push/on"
    /// Where a browser's push subscription is posted when notifications are turned on in it.
    static let pushDevices = "/profile/notifications/devices"
    static let removePushDevice = PathPattern("/profile/notifications/devices/:id/delete")
    static let apiTokens = "/profile/api-tokens"
    static let revokeApiToken = PathPattern("/profile/api-tokens/:id/delete")
}
