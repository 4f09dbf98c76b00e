import Foundation

/// The sign-up and log-in forms as posted.
extension AuthController {
    struct SignupInput: Decodable {
        var name: String?
        var email: String?
        var password: String?
        /// The browser's time zone, filled in by `time-zone.js` when scripts run.
        var timeZone: String?
        /// The token of the invitation link the form was opened from.
        var invite: String?
    }

    struct LoginInput: Decodable {
        var email: String?
        var password: String?
        var next: String?
        /// "Keep me signed in": `yes` when ticked.
        var keep: String?

        var keepSignedIn: Bool { keep == "yes" }
    }

    struct CodeInput: Decodable {
        var code: String?
    }
}
