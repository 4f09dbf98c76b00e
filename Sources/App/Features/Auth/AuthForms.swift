import Foundation

/// The sign-up and log-in forms as posted.
extension AuthController {
    struct SignupInput: Decodable {
        var name: String?
        var email: String?
        var password: String?
    }

    struct LoginInput: Decodable {
        var email: String?
        var password: String?
        var next: String?
    }

    struct CodeInput: Decodable {
        var code: String?
    }
}
