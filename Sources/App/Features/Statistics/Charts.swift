import Foundation

/// A chart as a page shows it: server-drawn SVG markup (every text in it escaped here), a heading, and the same
/// figures as a table for screen readers and for reading without the picture.
struct ChartView: Sendable {
    struct Table: Sendable {
        let headers: [String]
        let rows: [[String]]
    }

    let id: String
    let title: String
    /// SVG markup built by `Charts`; all text inside is escaped.
    let svg: String
    let table: Table
    let isEmpty: Bool
    let emptyText: String
    /// A legend under the chart (donuts): label, amount, percent, colour class.
    let legend: [LegendItem]
    let hasLegend: Bool
    /// Spans the whole chart grid (month-by-day bars, the year's calendar).
    let wide: Bool
    /// Which colour is which series, for bar charts.
    let keys: [LegendItem]
    let hasKeys: Bool

    init(
        id: String, title: String, svg: String, table: Table, isEmpty: Bool, emptyText: String, legend: [LegendItem] = [],
        wide: Bool = false, series: [ChartSeries] = []
    ) {
        self.id = id
        self.title = title
        self.svg = svg
        self.table = table
        self.isEmpty = isEmpty
        self.emptyText = emptyText
        self.legend = legend
        hasLegend = !legend.isEmpty
        self.wide = wide
        keys = series.count < 2 ? [] : series.map {
            LegendItem(label: $0.name, amount: "", percent: "", colorClass: $0.colorClass)
        }
        hasKeys = !keys.isEmpty
    }
}

/// One line of a chart legend.
struct LegendItem: Sendable {
    let label: String
    let amount: String
    let percent: String
    let colorClass: String
}

/// One series of a bar chart.
struct ChartSeries: Sendable {
    let name: String
    /// `chart__bar--saved`, `--spent`, `--income`, `--count`.
    let colorClass: String
    let values: [Int64]
}

/// Builds chart SVGs with precomputed coordinates. Colours come from CSS classes (design tokens), text uses
/// `currentColor`; every SVG scales to its container through its viewBox.
enum Charts {
    /// Escapes text for an SVG attribute or text node, byte-wise like the page templates (see `HTMLEscaping`).
    static func escape(_ text: String) -> String {
        HTMLEscaping().escapeText(text)
    }

    private static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// One SVG element: attributes (numbers written with one decimal, text escaped) and optional text content or
    /// `<title>` tooltip.
    private static func element(_ name: String, _ attributes: KeyValuePairs<String, Any>, text: String? = nil,
                                title: String? = nil) -> String {
        var markup = "<" + name
        for (key, value) in attributes {
            let written = switch value {
            case let double as Double: number(double)
            case let int as Int: String(int)
            default: escape("\(value)")
            }
            markup += " \(key)=\"\(written)\""
        }
        if text == nil && title == nil { return markup + "/>" }
        markup += ">"
        if let title { markup += "<title>" + escape(title) + "</title>" }
        if let text { markup += escape(text) }
        return markup + "</\(name)>"
    }

    /// The opening `<svg>` of a chart, scaled to its container, named by its `<title>` for screen readers.
    private static func open(_ kind: String, id: String, title: String, width: Double, height: Double) -> String {
        "<svg class=\"chart chart--\(kind)\" viewBox=\"0 0 \(number(width)) \(number(height))\" width=\"100%\" role=\"img\" "
            + "aria-labelledby=\"\(id)-title\" focusable=\"false\"><title id=\"\(id)-title\">\(escape(title))</title>"
    }

    /// A grouped bar chart: one group per label, one bar per series. `format` writes an axis or tooltip value.
    static func bars(
        id: String, title: String, labels: [String], tickLabels: [String], series: [ChartSeries],
        format: (Int64) -> String
    ) -> String {
        let width = 640.0, height = 220.0, left = 56.0, right = 8.0, top = 12.0, bottom = 26.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom, baseline = top + plotHeight
        let scaleMax = Double(niceCeiling(max(1, series.flatMap(\.values).max() ?? 1)))
        var svg = open("bars", id: id, title: title, width: width, height: height)
        for step in 0...2 {
            let y = baseline - plotHeight * Double(step) / 2
            svg += element("line", ["class": "chart__grid", "x1": left, "x2": width - right, "y1": y, "y2": y])
            svg += element("text", ["class": "chart__axis", "x": left - 6, "y": y + 4, "text-anchor": "end"],
                           text: format(Int64(scaleMax * Double(step) / 2)))
        }
        let groupWidth = plotWidth / Double(max(1, labels.count))
        let barWidth = max(1, groupWidth * 0.8 / Double(max(1, series.count)))
        for index in labels.indices {
            let groupX = left + groupWidth * Double(index) + groupWidth * 0.1
            for (seriesIndex, item) in series.enumerated() where index < item.values.count && item.values[index] > 0 {
                let value = item.values[index]
                let barHeight = max(1, plotHeight * Double(value) / scaleMax)
                svg += element("rect", ["class": "chart__bar " + item.colorClass, "x": groupX + barWidth * Double(seriesIndex),
                                        "y": baseline - barHeight, "width": barWidth, "height": barHeight],
                               title: "\(labels[index]): \(item.name.lowercased()) \(format(value))")
            }
            if index < tickLabels.count, !tickLabels[index].isEmpty {
                svg += element("text", ["class": "chart__axis", "x": left + groupWidth * (Double(index) + 0.5), "y": height - 8,
                                        "text-anchor": "middle"], text: tickLabels[index])
            }
        }
        svg += element("line", ["class": "chart__baseline", "x1": left, "x2": width - right, "y1": baseline, "y2": baseline])
        return svg + "</svg>"
    }

    /// A donut: slices as stroked circle segments (no arc maths to get wrong), the total in the middle.
    static func donut(
        id: String, title: String, slices: [(label: String, cents: Int64, colorClass: String)], centre: String
    ) -> String {
        let radius = 70.0, circumference = 2 * Double.pi * radius
        let total = max(1, slices.reduce(Int64(0)) { $0 + $1.cents })
        var svg = open("donut", id: id, title: title, width: 200, height: 200)
        svg += element("circle", ["class": "donut__track", "cx": 100, "cy": 100, "r": radius, "fill": "none", "stroke-width": 28])
        var offset = 0.0
        for slice in slices where slice.cents > 0 {
            let length = circumference * Double(slice.cents) / Double(total)
            svg += element("circle", ["class": "donut__slice " + slice.colorClass, "cx": 100, "cy": 100, "r": radius,
                                      "fill": "none", "stroke-width": 28,
                                      "stroke-dasharray": number(length) + " " + number(circumference - length),
                                      "stroke-dashoffset": -offset, "transform": "rotate(-90 100 100)"],
                           title: slice.label)
            offset += length
        }
        svg += element("text", ["class": "donut__centre", "x": 100, "y": 106, "text-anchor": "middle"], text: centre)
        return svg + "</svg>"
    }

    /// A sparkline of `values` with the point at `highlight` marked.
    static func sparkline(id: String, title: String, values: [Int64], highlight: Int) -> String {
        let width = 300.0, height = 60.0, pad = 6.0
        let maximum = Double(max(1, values.max() ?? 1))
        let step = values.count > 1 ? (width - 2 * pad) / Double(values.count - 1) : 0
        func point(_ index: Int) -> (x: Double, y: Double) {
            (pad + step * Double(index), height - pad - (height - 2 * pad) * Double(values[index]) / maximum)
        }
        let points = values.indices.map { number(point($0).x) + "," + number(point($0).y) }.joined(separator: " ")
        var svg = open("spark", id: id, title: title, width: width, height: height)
        svg += element("line", ["class": "chart__baseline", "x1": pad, "x2": width - pad, "y1": height - pad, "y2": height - pad])
        svg += element("polyline", ["class": "spark__line", "fill": "none", "points": points])
        if values.indices.contains(highlight) {
            let marker = point(highlight)
            svg += element("line", ["class": "spark__marker-line", "x1": marker.x, "x2": marker.x, "y1": pad, "y2": height - pad])
            svg += element("circle", ["class": "spark__marker", "cx": marker.x, "cy": marker.y, "r": 4])
        }
        return svg + "</svg>"
    }

    /// A GitHub-style calendar of a year: one square per day, weeks as columns (Monday on top), shaded by level 0…4.
    static func heatmap(id: String, title: String, year: Int, levels: [String: Int], labels: [String: String]) -> String {
        let cell = 12.0, pitch = 14.0, left = 26.0, top = 16.0
        guard let jan1 = CalendarDay(year: year, month: 1, day: 1) else { return "" }
        let offset = jan1.weekday - 1
        let days = Month(year: year, month: 2).isLeapYear ? 366 : 365
        let weeks = (offset + days + 6) / 7
        var svg = open("heatmap", id: id, title: title, width: left + Double(weeks) * pitch, height: top + 7 * pitch)
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            svg += element("text", ["class": "chart__axis", "x": 0, "y": top + Double(row) * pitch + cell - 2], text: name)
        }
        var day = jan1
        for index in 0..<days {
            let position = offset + index
            let x = left + Double(position / 7) * pitch, y = top + Double(position % 7) * pitch
            if day.day == 1 {
                svg += element("text", ["class": "chart__axis", "x": x, "y": 10], text: String(Month.names[day.month - 1].prefix(3)))
            }
            let key = day.description
            svg += element("rect", ["class": "heat heat--\(levels[key] ?? 0)", "x": x, "y": y, "width": cell, "height": cell,
                                    "rx": 2], title: labels[key] ?? "\(day.mediumTitle): no entries")
            day = day.adding(days: 1)
        }
        return svg + "</svg>"
    }

    /// The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value`, so axes read in round numbers.
    static func niceCeiling(_ value: Int64) -> Int64 {
        guard value > 0 else { return 1 }
        var magnitude: Int64 = 1
        while magnitude <= value / 10 { magnitude *= 10 }
        for factor in [1, 2, 2.5, 5, 10] as [Double] {
            let candidate = Int64((Double(magnitude) * factor).rounded(.up))
            if candidate >= value { return candidate }
        }
        return magnitude * 10
    }
}

extension User {
    /// A short amount for chart axes: `$1.2k`, `$340`, `$2.5M`.
    func compactMoney(_ cents: Int64) -> String {
        let currency = currencyValue
        let major = Double(cents.magnitude) / Double(currency.scale)
        let symbol = (cents < 0 ? "−" : "") + currency.symbol
        switch major {
        case 1_000_000...: return symbol + trimmed(major / 1_000_000) + "M"
        case 1_000...: return symbol + trimmed(major / 1_000) + "k"
        default: return symbol + String(Int(major.rounded()))
        }
    }

    private func trimmed(_ value: Double) -> String {
        let text = String(format: "%.1f", value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
