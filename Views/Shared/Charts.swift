import HTML

/// A chart as a page shows it: server-drawn SVG, a heading, and the same figures as a table for screen readers and
/// for reading without the picture.
struct ChartView: Sendable {
    struct Table: Sendable {
        let headers: [String]
        let rows: [[String]]
    }

    let id: String
    let title: String
    /// Drawn by `Charts`.
    let svg: HTML
    let table: Table
    /// What the card says instead of the chart when there is nothing to draw.
    let emptyText: String?
    /// A legend under the chart (donuts): label, amount, percent, colour class.
    let legend: [Charts.LegendItem]
    /// Spans the whole chart grid (month-by-day bars, the year's calendar).
    let wide: Bool
    /// Which colour is which series, for bar charts of two series or more.
    let keys: [Charts.Series]
    /// Drawn at its own size and scrolled sideways where the page is narrower (the year's calendar), so its labels
    /// stay readable on a phone.
    let scrolls: Bool

    init(
        id: String,
        title: String,
        svg: HTML,
        table: Table,
        isEmpty: Bool,
        emptyText: String,
        legend: [Charts.LegendItem] = [],
        wide: Bool = false,
        series: [Charts.Series] = [],
        scrolls: Bool = false
    ) {
        self.scrolls = scrolls
        self.id = id
        self.title = title
        self.svg = svg
        self.table = table
        self.emptyText = isEmpty ? emptyText : nil
        self.legend = legend
        self.wide = wide
        keys = series.count < 2 ? [] : series
    }

    /// The chart in its card, or the card's empty message.
    func html(_ t: Words) -> HTML {
        let body: HTML =
            emptyText.map { "<p class=\"chart-card__empty muted\">\($0)</p>" } ?? """
                <div class="chart-card__body\(legend.isEmpty ? "" : " chart-card__body--legend")">
                    \(scrolls ? "<div class=\"chart-card__svg chart-card__svg--scroll\" tabindex=\"0\" role=\"group\" aria-label=\"\(t["statistics.charts.scrolls", ["title": title]])\">\(svg)</div>" as HTML : "<div class=\"chart-card__svg\">\(svg)</div>")
                    \(keys.isEmpty ? nil : "<ul class=\"chart-keys\" aria-hidden=\"true\">\(keys.map { "<li><span class=\"legend__swatch \($0.colorClass)\"></span>\($0.name)</li>" as HTML })</ul>" as HTML)
                    \(legend.isEmpty ? nil : """
                <ul class="legend">
                      \(legend.map { item in
                          "<li class=\"legend__item\"><span class=\"legend__swatch \(item.colorClass)\" aria-hidden=\"true\"></span><span class=\"legend__label\">\(item.label)</span><span class=\"legend__amount\">\(item.amount)</span><span class=\"legend__percent muted\">\(item.percent)</span></li>" as HTML
                      })
                    </ul>
                """ as HTML)
                  </div>
                  <details class="chart-card__data">
                    <summary>\(t["statistics.charts.show_table"])</summary>
                    <table class="data-table">
                      <thead><tr>\(table.headers.map { "<th scope=\"col\">\($0)</th>" as HTML })</tr></thead>
                      <tbody>\(table.rows.map { row in "<tr>\(row.map { "<td>\($0)</td>" as HTML })</tr>" as HTML })</tbody>
                    </table>
                  </details>
                """
        return """
            <figure class="card chart-card\(wide ? " chart-card--wide" : "")" aria-labelledby="\(id)-heading">
              <h2 class="card__title" id="\(id)-heading">\(title)</h2>
              \(body)
            </figure>

            """
    }
}

/// Draws chart SVGs with precomputed coordinates. Colours come from CSS classes (design tokens), text uses
/// `currentColor`; every SVG scales to its container through its viewBox. Every label is escaped by `HTML`.
enum Charts {
    /// One line of a chart legend.
    struct LegendItem: Sendable {
        let label: String
        let amount: String
        let percent: String
        let colorClass: String
    }

    /// One series of a bar chart.
    struct Series: Sendable {
        let name: String
        /// The name inside a bar's tooltip ("1 Nov: saved $50.00"); the name in lower case when not given.
        let inlineName: String
        /// `chart__bar--saved`, `--spent`, `--income`, `--count`.
        let colorClass: String
        let values: [Int64]

        init(name: String, inlineName: String? = nil, colorClass: String, values: [Int64]) {
            self.name = name
            self.inlineName = inlineName ?? name.lowercased()
            self.colorClass = colorClass
            self.values = values
        }
    }

    /// One slice of a donut.
    struct Slice: Sendable {
        let label: String
        let cents: Int64
        let colorClass: String
    }

    /// One day of the year's calendar: its shade (0…4), its tooltip, and the month's short name on its first day.
    struct HeatDay: Sendable {
        let level: Int
        let label: String
        let monthLabel: String?
    }

    /// A coordinate written with one decimal, as SVG reads it.
    struct Number: CustomStringConvertible {
        let value: Double
        init(_ value: Double) { self.value = value }

        var description: String {
            let tenths = (value * 10).rounded()
            guard tenths.isFinite, abs(tenths) < 1e15 else { return "0.0" }
            let whole = Int64(tenths)
            let magnitude = whole.magnitude
            return (whole < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
        }
    }

    /// The opening `<svg>` of a chart, scaled to its container, named by its `<title>` for screen readers.
    private static func open(_ kind: String, id: String, title: String, width: Double, height: Double) -> HTML {
        "<svg class=\"chart chart--\(kind)\" viewBox=\"0 0 \(Number(width)) \(Number(height))\" width=\"100%\" role=\"img\" aria-labelledby=\"\(id)-title\" focusable=\"false\"><title id=\"\(id)-title\">\(title)</title>"
    }

    private static func axisText(x: Double, y: Double, anchor: String?, _ text: String) -> HTML {
        "<text class=\"chart__axis\" x=\"\(Number(x))\" y=\"\(Number(y))\"\(anchor.map { " text-anchor=\"\($0)\"" as HTML })>\(text)</text>"
    }

    private static func line(_ className: String, x1: Double, x2: Double, y1: Double, y2: Double) -> HTML {
        "<line class=\"\(className)\" x1=\"\(Number(x1))\" x2=\"\(Number(x2))\" y1=\"\(Number(y1))\" y2=\"\(Number(y2))\"/>"
    }

    /// A grouped bar chart: one group per label, one bar per series. `format` writes an axis or tooltip value.
    static func bars(
        id: String,
        title: String,
        labels: [String],
        tickLabels: [String],
        series: [Series],
        format: (Int64) -> String,
        t: Words
    ) -> HTML {
        let width = 640.0
        let height = 220.0
        let left = 56.0
        let right = 8.0
        let top = 12.0
        let bottom = 26.0
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let baseline = top + plotHeight
        let scaleMax = Double(niceCeiling(max(1, series.lazy.flatMap(\.values).max() ?? 1)))
        var svg = open("bars", id: id, title: title, width: width, height: height)
        for step in 0...2 {
            let y = baseline - plotHeight * Double(step) / 2
            svg.append(line("chart__grid", x1: left, x2: width - right, y1: y, y2: y))
            svg.append(axisText(x: left - 6, y: y + 4, anchor: "end", format(Int64(scaleMax * Double(step) / 2))))
        }
        let tooltip = t.phrase("statistics.charts.tooltip")
        let groupWidth = plotWidth / Double(max(1, labels.count))
        let barWidth = max(1, groupWidth * 0.8 / Double(max(1, series.count)))
        for index in labels.indices {
            let groupX = left + groupWidth * Double(index) + groupWidth * 0.1
            for (seriesIndex, item) in series.enumerated() where index < item.values.count && item.values[index] > 0 {
                let value = item.values[index]
                let barHeight = max(1, plotHeight * Double(value) / scaleMax)
                svg.append(
                    "<rect class=\"chart__bar \(item.colorClass)\" x=\"\(Number(groupX + barWidth * Double(seriesIndex)))\" y=\"\(Number(baseline - barHeight))\" width=\"\(Number(barWidth))\" height=\"\(Number(barHeight))\"><title>\(tooltip.fill(["label": labels[index], "series": item.inlineName, "value": format(value)]))</title></rect>"
                )
            }
            if index < tickLabels.count, !tickLabels[index].isEmpty {
                svg.append(
                    axisText(
                        x: left + groupWidth * (Double(index) + 0.5),
                        y: height - 8,
                        anchor: "middle",
                        tickLabels[index]
                    )
                )
            }
        }
        svg.append(line("chart__baseline", x1: left, x2: width - right, y1: baseline, y2: baseline))
        svg.append("</svg>")
        return svg
    }

    /// A line through one value per label, below zero too (the zero line is drawn whenever the values reach it),
    /// each point with its tooltip (`tooltip`: the label and the value written by `format`). The point at `mark`, if
    /// any, stands out (a forecast's lowest day).
    static func line(
        id: String,
        title: String,
        labels: [String],
        tickLabels: [String],
        values: [Int64],
        mark: Int? = nil,
        format: (Int64) -> String,
        tooltip: (String, String) -> String
    ) -> HTML {
        let width = 640.0
        let height = 220.0
        let left = 64.0
        let right = 12.0
        let top = 12.0
        let bottom = 26.0
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let high = Double(niceCeiling(max(1, values.max() ?? 1)))
        let lowest = values.min() ?? 0
        let low = lowest < 0 ? -Double(niceCeiling(-lowest)) : 0
        func y(_ value: Double) -> Double { top + plotHeight * (high - value) / (high - low) }
        let step = values.count > 1 ? plotWidth / Double(values.count - 1) : 0
        func x(_ index: Int) -> Double { values.count > 1 ? left + step * Double(index) : left + plotWidth / 2 }
        var svg = open("line", id: id, title: title, width: width, height: height)
        for value in Set([low, 0, high]).sorted() {
            svg.append(
                line(
                    value == 0 ? "chart__baseline" : "chart__grid",
                    x1: left,
                    x2: width - right,
                    y1: y(value),
                    y2: y(value)
                )
            )
            svg.append(axisText(x: left - 6, y: y(value) + 4, anchor: "end", format(Int64(value))))
        }
        let points = values.indices.map { "\(Number(x($0))),\(Number(y(Double(values[$0]))))" }.joined(separator: " ")
        svg.append("<polyline class=\"chart__line\" points=\"\(points)\"/>")
        for index in values.indices {
            let marked = index == mark
            svg.append(
                "<circle class=\"chart__dot\(marked ? " chart__dot--mark" : "")\" cx=\"\(Number(x(index)))\" cy=\"\(Number(y(Double(values[index]))))\" r=\"\(marked ? "7" : "3.5")\"><title>\(tooltip(labels[index], format(values[index])))</title></circle>"
            )
            if index < tickLabels.count, !tickLabels[index].isEmpty {
                // The first and last points are at the plot's edges: their labels start or end there rather than
                // running into the axis or off the chart.
                let anchor =
                    values.count < 2 ? "middle" : index == 0 ? "start" : index == values.count - 1 ? "end" : "middle"
                svg.append(axisText(x: x(index), y: height - 8, anchor: anchor, tickLabels[index]))
            }
        }
        svg.append("</svg>")
        return svg
    }

    /// A donut: slices as stroked circle segments (no arc maths to get wrong), the total in the middle.
    static func donut(id: String, title: String, slices: [Slice], centre: String) -> HTML {
        let radius = 70.0
        let circumference = 2 * Double.pi * radius
        let total = max(1, slices.reduce(Int64(0)) { $0 + $1.cents })
        var svg = open("donut", id: id, title: title, width: 200, height: 200)
        svg.append(
            "<circle class=\"donut__track\" cx=\"100\" cy=\"100\" r=\"\(Number(radius))\" fill=\"none\" stroke-width=\"28\"/>"
        )
        var offset = 0.0
        for slice in slices where slice.cents > 0 {
            let length = circumference * Double(slice.cents) / Double(total)
            svg.append(
                "<circle class=\"donut__slice \(slice.colorClass)\" cx=\"100\" cy=\"100\" r=\"\(Number(radius))\" fill=\"none\" stroke-width=\"28\" stroke-dasharray=\"\(Number(length)) \(Number(circumference - length))\" stroke-dashoffset=\"\(Number(-offset))\" transform=\"rotate(-90 100 100)\"><title>\(slice.label)</title></circle>"
            )
            offset += length
        }
        svg.append("<text class=\"donut__centre\" x=\"100\" y=\"106\" text-anchor=\"middle\">\(centre)</text></svg>")
        return svg
    }

    /// A sparkline of `values` with the point at `highlight` marked.
    static func sparkline(id: String, title: String, values: [Int64], highlight: Int) -> HTML {
        let width = 300.0
        let height = 60.0
        let pad = 6.0
        let maximum = Double(max(1, values.max() ?? 1))
        let step = values.count > 1 ? (width - 2 * pad) / Double(values.count - 1) : 0
        func point(_ index: Int) -> (x: Double, y: Double) {
            (pad + step * Double(index), height - pad - (height - 2 * pad) * Double(values[index]) / maximum)
        }
        let points = values.indices.map { "\(Number(point($0).x)),\(Number(point($0).y))" }.joined(separator: " ")
        var svg = open("spark", id: id, title: title, width: width, height: height)
        svg.append(line("chart__baseline", x1: pad, x2: width - pad, y1: height - pad, y2: height - pad))
        svg.append("<polyline class=\"spark__line\" fill=\"none\" points=\"\(points)\"/>")
        if values.indices.contains(highlight) {
            let marker = point(highlight)
            svg.append(line("spark__marker-line", x1: marker.x, x2: marker.x, y1: pad, y2: height - pad))
            svg.append(
                "<circle class=\"spark__marker\" cx=\"\(Number(marker.x))\" cy=\"\(Number(marker.y))\" r=\"4\"/>"
            )
        }
        svg.append("</svg>")
        return svg
    }

    /// A GitHub-style calendar of a year: one square per day, weeks as columns (the week's first day where the
    /// member lives on top), shaded by level 0…4. `offset` is how many days of the first week come before the
    /// year's first day.
    static func heatmap(id: String, title: String, offset: Int, days: [HeatDay], t: Words) -> HTML {
        let cell = 12.0
        let pitch = 14.0
        let left = 26.0
        let top = 16.0
        let weeks = (offset + days.count + 6) / 7
        var svg = open("heatmap", id: id, title: title, width: left + Double(weeks) * pitch, height: top + 7 * pitch)
        for row in [0, 2, 4] {
            let name = t.weekdayShort(t.dates.week[row])
            svg.append(axisText(x: 0, y: top + Double(row) * pitch + cell - 2, anchor: nil, name))
        }
        for (index, day) in days.enumerated() {
            let position = offset + index
            let x = left + Double(position / 7) * pitch
            let y = top + Double(position % 7) * pitch
            if let monthLabel = day.monthLabel {
                svg.append(axisText(x: x, y: 10, anchor: nil, monthLabel))
            }
            svg.append(
                "<rect class=\"heat heat--\(day.level)\" x=\"\(Number(x))\" y=\"\(Number(y))\" width=\"\(Number(cell))\" height=\"\(Number(cell))\" rx=\"2\"><title>\(day.label)</title></rect>"
            )
        }
        svg.append("</svg>")
        return svg
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
