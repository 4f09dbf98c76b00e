import HTML

/// The icons of `/icons/sprite.svg`, drawn beside words that already say what they mean: hidden from screen readers.
enum Icon {
    /// The icon `name`, `size` pixels square.
    static func svg(_ name: String, size: Int, className: String? = nil) -> HTML {
        "<svg\(className.map { " class=\"\($0)\"" as HTML }) aria-hidden=\"true\" width=\"\(size)\" height=\"\(size)\">\(use(name))</svg>"
    }

    /// The icon `name` inside a hidden `<span class="spanClass">` that frames it (a category's coloured square).
    static func framed(_ name: String, size: Int, spanClass: String, className: String? = nil) -> HTML {
        "<span class=\"\(spanClass)\" aria-hidden=\"true\"><svg\(className.map { " class=\"\($0)\"" as HTML }) width=\"\(size)\" height=\"\(size)\">\(use(name))</svg></span>"
    }

    private static func use(_ name: String) -> HTML {
        "<use href=\"/icons/sprite.svg#\(name)\"></use>"
    }
}
