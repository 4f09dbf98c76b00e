import Foundation

/// The list / calendar switch as posted.
extension HomeController {
    struct ViewInput: Decodable {
        var view: String?
        var returnTo: String?
    }
}
