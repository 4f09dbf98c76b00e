import Foundation

/// The monthly or yearly summary as a PDF: totals, the period's bar chart (per day, or per month), for a year a
/// table of its months' named figures, spending by category, the stash table with completion and comparison, and
/// the badges earned. It runs the Statistics view's queries (with no filter): one GROUP BY date for the totals, the
/// chart and the months, the category breakdown, the stash figures and badges.
struct SummaryPDF {
    let store: MemberStore
    let user: User
    /// The member's language and region: every heading and sentence of the summary.
    let t: Words
    let today: CalendarDay
    /// A month or a year.
    let period: StatisticsPeriod

    private let margin = 48.0

    private var isYear: Bool { period.unit == .yearly }
    /// "Monthly summary — November 2026", "Yearly summary — 2026".
    var title: String {
        isYear
            ? t["statistics.pdf.title.yearly", ["period": period.title(t)]]
            : t["statistics.pdf.title.monthly", ["period": period.title(t)]]
    }

    func render() throws -> [UInt8] {
        let byDay = try store.ledgerTotalsByDay(from: period.first, to: period.last, filter: .all)
        let totals = byDay.values.reduce(LedgerTotals(), +)
        let categories = try store.spendingByCategory(
            from: period.first,
            to: period.last,
            other: t["statistics.charts.other_category"]
        )
        let figures = try store.stashFigures(months: period.previous.months + period.months, today: today)
        let performance = StashPerformance.build(figures, period: period, today: today, timeZone: user.calendarTimeZone)
        let badges = try store.earnedBadgeTotals(period: period)

        var pdf = PDFWriter()
        let right = PDFWriter.pageWidth - margin
        var y = PDFWriter.pageHeight - margin - 10
        /// Starts a new page when fewer than `height` points are left above the bottom margin.
        func room(_ height: Double) {
            guard y - height < margin else { return }
            pdf.newPage()
            y = PDFWriter.pageHeight - margin - 10
        }

        pdf.text(title, x: margin, y: y, size: 20, bold: true)
        y -= 18
        pdf.text(
            t["statistics.pdf.byline", ["name": user.name, "date": t.weekdayDate(today)]],
            x: margin,
            y: y,
            size: 10,
            color: .secondary
        )
        y -= 34

        // Totals
        let columns = [
            (t["statistics.amounts.saved"], user.money(totals.savedCents), PDFWriter.Color.saved),
            (t["statistics.amounts.spent"], user.money(totals.spentCents), .spent),
            (t["statistics.amounts.income"], user.money(totals.incomeCents), .text),
            (t["statistics.figures.entries"], t.format.number(totals.entryCount), .text),
        ]
        let columnWidth = (right - margin) / Double(columns.count)
        for (index, column) in columns.enumerated() {
            let x = margin + columnWidth * Double(index)
            pdf.text(column.0, x: x, y: y + 16, size: 9, color: .secondary)
            pdf.text(column.1, x: x, y: y, size: 14, bold: true, color: column.2)
        }
        y -= 22
        let completed = StatisticsWording.completed(count: badges.count, points: badges.points, period: period, t: t)
        pdf.text(completed, x: margin, y: y, size: 10)
        y -= 30

        // Bar chart: saved vs spent per day, or per month
        pdf.text(
            isYear ? t["statistics.pdf.per_month"] : t["statistics.pdf.per_day"],
            x: margin,
            y: y,
            size: 12,
            bold: true
        )
        y -= 12
        let chartHeight = 120.0
        let chartBottom = y - chartHeight
        var byMonth: [String: LedgerTotals] = [:]
        for (date, day) in byDay { byMonth[String(date.prefix(7)), default: LedgerTotals()] += day }
        let months = period.months
        let values =
            isYear
            ? months.map { byMonth[$0.description] ?? LedgerTotals() }
            : period.month.days.map { byDay[$0.description] ?? LedgerTotals() }
        let maximum = Double(Charts.niceCeiling(max(1, values.map { max($0.savedCents, $0.spentCents) }.max() ?? 1)))
        let plotLeft = margin + 40
        let plotWidth = right - plotLeft
        for step in 0...2 {
            let lineY = chartBottom + chartHeight * Double(step) / 2
            pdf.line(x1: plotLeft, y1: lineY, x2: right, y2: lineY)
            pdf.text(
                user.compactMoney(Int64(maximum * Double(step) / 2)),
                x: plotLeft - 4,
                y: lineY - 3,
                size: 7,
                color: .secondary,
                alignRight: true
            )
        }
        let group = plotWidth / Double(values.count)
        let bar = group * 0.38
        for (index, value) in values.enumerated() {
            let x = plotLeft + group * Double(index) + group * 0.1
            if value.savedCents > 0 {
                pdf.rect(
                    x: x,
                    y: chartBottom,
                    width: bar,
                    height: max(0.5, chartHeight * Double(value.savedCents) / maximum),
                    color: .saved
                )
            }
            if value.spentCents > 0 {
                pdf.rect(
                    x: x + bar,
                    y: chartBottom,
                    width: bar,
                    height: max(0.5, chartHeight * Double(value.spentCents) / maximum),
                    color: .spent
                )
            }
            if isYear {
                pdf.text(
                    t.dates.monthShortName(index + 1),
                    x: plotLeft + group * (Double(index) + 0.5) - 7,
                    y: chartBottom - 10,
                    size: 7,
                    color: .secondary
                )
            } else if [1, 8, 15, 22, 29].contains(index + 1) {
                pdf.text(
                    String(index + 1),
                    x: plotLeft + group * (Double(index) + 0.5) - 3,
                    y: chartBottom - 10,
                    size: 7,
                    color: .secondary
                )
            }
        }
        pdf.rect(x: plotLeft, y: chartBottom - 24, width: 8, height: 8, color: .saved)
        pdf.text(t["statistics.amounts.saved"], x: plotLeft + 12, y: chartBottom - 23, size: 8)
        pdf.rect(x: plotLeft + 60, y: chartBottom - 24, width: 8, height: 8, color: .spent)
        pdf.text(t["statistics.amounts.spent"], x: plotLeft + 72, y: chartBottom - 23, size: 8)
        if totals.isEmpty {
            pdf.text(
                isYear ? t["statistics.pdf.no_entries.yearly"] : t["statistics.pdf.no_entries.monthly"],
                x: plotLeft + 8,
                y: chartBottom + chartHeight / 2,
                size: 10,
                color: .secondary
            )
        }
        y = chartBottom - 48

        // A year's months, with the named figures
        if isYear {
            let shown = months.filter { $0 <= max(today.monthValue, months[0]) }
            room(38 + 15 * Double(shown.count))
            pdf.text(t["statistics.pdf.months"], x: margin, y: y, size: 12, bold: true)
            y -= 18
            let columns = [
                (t["statistics.amounts.income"], margin + 270), (t["statistics.amounts.spent"], margin + 370),
                (t["statistics.amounts.saved"], right),
            ]
            pdf.text(t["statistics.charts.month"], x: margin, y: y, size: 8, bold: true, color: .secondary)
            for (name, x) in columns {
                pdf.text(name, x: x, y: y, size: 8, bold: true, color: .secondary, alignRight: true)
            }
            y -= 6
            pdf.line(x1: margin, y1: y, x2: right, y2: y)
            y -= 14
            for month in shown {
                let row = byMonth[month.description] ?? LedgerTotals()
                pdf.text(t.month(month), x: margin, y: y, size: 10)
                for ((_, x), cents) in zip(columns, [row.incomeCents, row.spentCents, row.savedCents]) {
                    pdf.text(user.money(cents), x: x, y: y, size: 10, alignRight: true)
                }
                y -= 15
            }
            y -= 16
        }

        // Spending by category
        room(60)
        pdf.text(t["statistics.pdf.spending"], x: margin, y: y, size: 12, bold: true)
        y -= 18
        let spent = categories.reduce(Int64(0)) { $0 + $1.cents }
        if categories.isEmpty {
            pdf.text(
                isYear ? t["statistics.pdf.no_spending.yearly"] : t["statistics.pdf.no_spending.monthly"],
                x: margin,
                y: y,
                size: 10,
                color: .secondary
            )
            y -= 16
        }
        let largest = Double(categories.first?.cents ?? 1)
        for category in categories.prefix(10) {
            room(15)
            pdf.text(category.label, x: margin, y: y, size: 9)
            let barWidth = max(1, 220 * Double(category.cents) / largest)
            pdf.rect(x: margin + 130, y: y - 1, width: barWidth, height: 9, color: .accent)
            pdf.text(
                "\(user.money(category.cents))  \(percentText(category.cents, of: spent, t: t))",
                x: right,
                y: y,
                size: 9,
                alignRight: true
            )
            y -= 15
        }
        y -= 16

        // Stash table
        room(80)
        pdf.text(t["statistics.pdf.stashes"], x: margin, y: y, size: 12, bold: true)
        y -= 18
        func header() {
            pdf.text(t["statistics.pdf.stash"], x: margin, y: y, size: 8, bold: true, color: .secondary)
            pdf.text(t["statistics.pdf.kind"], x: margin + 190, y: y, size: 8, bold: true, color: .secondary)
            for (label, x) in [
                (t["statistics.pdf.amount"], margin + 330), (t["statistics.pdf.target"], margin + 410),
                (t["statistics.pdf.completion"], right),
            ] {
                pdf.text(label, x: x, y: y, size: 8, bold: true, color: .secondary, alignRight: true)
            }
            y -= 6
            pdf.line(x1: margin, y1: y, x2: right, y2: y)
            y -= 14
        }
        header()
        if performance.isEmpty {
            pdf.text(t["statistics.pdf.no_stashes"], x: margin, y: y, size: 10, color: .secondary)
        }
        for item in performance {
            if y < margin + 40 {
                pdf.newPage()
                y = PDFWriter.pageHeight - margin
                pdf.text(
                    t["statistics.pdf.continued", ["period": period.title(t)]],
                    x: margin,
                    y: y,
                    size: 12,
                    bold: true
                )
                y -= 20
                header()
            }
            let percent = t.format.percent(item.percent)
            let status =
                item.completed
                ? t["statistics.pdf.status_completed", ["percent": percent]]
                : item.overBudget ? t["statistics.pdf.status_over", ["percent": percent]] : percent
            pdf.text(String(item.stash.name.prefix(34)), x: margin, y: y, size: 10, bold: true)
            pdf.text(
                item.stash.kind == .save ? t["statistics.pdf.save"] : t["statistics.pdf.spend"],
                x: margin + 190,
                y: y,
                size: 10
            )
            pdf.text(user.money(item.currentCents), x: margin + 330, y: y, size: 10, alignRight: true)
            pdf.text(user.money(item.targetCents), x: margin + 410, y: y, size: 10, alignRight: true)
            pdf.text(
                status,
                x: right,
                y: y,
                size: 10,
                color: item.completed ? .saved : item.overBudget ? .spent : .text,
                alignRight: true
            )
            y -= 13
            var sentence = StatisticsWording.comparison(item.figures, period: period, t: t) { user.money($0) }
            if let allowance = StatisticsWording.allowance(item.figures, t: t) { sentence += " " + allowance }
            pdf.text(String(sentence.prefix(110)), x: margin, y: y, size: 8, color: .secondary)
            y -= 8
            pdf.line(x1: margin, y1: y, x2: right, y2: y)
            y -= 14
        }

        // Safe to spend today, line by line, when the period is the one today is in
        if period.first <= today && today <= period.last {
            let safe = try store.safeToSpend(user: user, today: today)
            room(80)
            y -= 10
            pdf.text(t["safe.pdf.heading"], x: margin, y: y, size: 12, bold: true)
            pdf.text(user.money(safe.cents), x: right, y: y, size: 12, bold: true, alignRight: true)
            y -= 15
            for sentence in [safe.horizonText(t) + " " + safe.perDayText(t, user: user), safe.dipText(t, user: user)] {
                guard let sentence else { continue }
                pdf.text(String(sentence.prefix(110)), x: margin, y: y, size: 8, color: .secondary)
                y -= 12
            }
            y -= 4
            for line in safe.lines {
                room(15)
                pdf.text(String(line.label(t).prefix(60)), x: margin, y: y, size: 10)
                pdf.text(line.group.title(t), x: margin + 300, y: y, size: 8, color: .secondary)
                pdf.text(user.signedMoney(line.cents), x: right, y: y, size: 10, alignRight: true)
                y -= 14
            }
            room(20)
            pdf.line(x1: margin, y1: y + 8, x2: right, y2: y + 8)
            pdf.text(t["safe.lines.sum"], x: margin, y: y - 4, size: 10, bold: true)
            pdf.text(user.money(safe.sumCents), x: right, y: y - 4, size: 10, bold: true, alignRight: true)
            y -= 20
        }
        return pdf.document(
            title: isYear
                ? t["statistics.pdf.document.yearly", ["period": period.title(t)]]
                : t["statistics.pdf.document.monthly", ["period": period.title(t)]]
        )
    }
}
