import Hummingbird
import HummingbirdCore

extension URI {
    /// What was typed into a page's search box (`q`), trimmed. A form sent by GET writes its spaces as "+", which
    /// `queryParameters` keeps as they are, so the query is read the way forms are decoded.
    var searchText: String {
        struct Search: Decodable { var q: String? }
        let typed =
            (try? URLEncodedFormDecoder().decode(Search.self, from: query ?? ""))?.q
            ?? queryParameters["q"].map(String.init) ?? ""
        return typed.trimmingCharacters(in: .whitespaces)
    }
}
