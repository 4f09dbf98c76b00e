/// Up to two initials drawn from a name, for an avatar or a service's icon: the first letter or digit of each of the
/// first two words, with anything that looks like markup left out ("<b>Ann</b> Doe" → "AD"), so a name typed with
/// tags or punctuation never shows a stray "<" or "&".
enum Initials {
    static func of(_ name: String) -> String? {
        // The pattern only where a tag could be: a Regex costs more than the rest, and pages draw many initials.
        let text = name.contains("<") ? name.replacing(#/<[^>]*>/#, with: " ") : name
        let words = text.split(whereSeparator: { $0.isWhitespace })
        let letters = words.compactMap { word in word.first { $0.isLetter || $0.isNumber } }.prefix(2)
        return letters.isEmpty ? nil : letters.map { String($0).uppercased() }.joined()
    }
}
