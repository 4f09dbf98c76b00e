import HTML

/// Schedules: money that repeats, and the occurrences waiting for a tap.
enum SchedulePages {
    /// An occurrence in "To confirm": its amount can be changed before it posts.
    struct PendingRow: Sendable {
        let id: Int64
        let name: String
        let date: String
        let amount: String
        let error: String?
    }

    struct ScheduleRow: Sendable {
        let id: Int64
        let name: String
        let amount: String
        let rule: String
        /// "Next: 1 Dec 2026 · Ask me first", or that it has ended.
        let detail: String
        /// Its form: a subscription's or an income source's when one keeps it.
        let editPath: String
        /// Says which keeps it (and it is deleted with it), if one does.
        let keptBy: String?
    }

    /// One coming day of a schedule, with its own small form: another date or amount, skip, or back to plan.
    struct UpcomingRow: Sendable {
        /// The rule day (the occurrence's key).
        let day: String
        let date: String
        let dateValue: String
        let amount: String
        /// "Skipped", "Moved from …", "Changed"; nil as planned.
        let state: String?
        let canRestore: Bool
        let error: String?
    }

    struct FormPage: Sendable {
        let form: BudgetPages.SimpleFormPage
        let scheduleId: Int64?
        let upcoming: [UpcomingRow]
    }

    static func form(_ page: FormPage, csrf: CSRF, t: Words) -> HTML {
        let coming: HTML? =
            page.scheduleId.flatMap { id in
                page.upcoming.isEmpty ? nil : upcoming(page.upcoming, scheduleId: id, csrf: csrf, t: t)
            }
        let form = FormCard(
            heading: page.form.heading,
            summary: page.form.summary,
            action: page.form.action,
            formAttributes: " data-schedule-form",
            fields: Form.fields(page.form.fields),
            actions: Form.actions(submit: t["budget.form.save"], cancel: page.form.cancelPath, t: t),
            after: Form.deleteLink(page.form.deletePath, t: t)
        )
        return """
            \(form.html(csrf: csrf))
            \(coming)
            <script src="/js/schedule-form.js" defer></script>
            """
    }

    private static func upcoming(_ rows: [UpcomingRow], scheduleId: Int64, csrf: CSRF, t: Words) -> HTML {
        """
        <section class="card" aria-labelledby="coming-days">
          <h2 class="card__title" id="coming-days">\(t["schedules.upcoming.title"])</h2>
          <p class="muted">\(t["schedules.upcoming.hint"])</p>
          <ul class="category-rows">
            \(rows.map { upcomingRow($0, scheduleId: scheduleId, csrf: csrf, t: t) })
          </ul>
        </section>
        """
    }

    private static func upcomingRow(_ row: UpcomingRow, scheduleId: Int64, csrf: CSRF, t: Words) -> HTML {
        let id = "field-day-\(row.day)"
        let described: HTML? = row.error == nil ? nil : " aria-describedby=\"\(id)-error\" aria-invalid=\"true\""
        let second: HTML =
            row.canRestore
            ? "<button class=\"button button--plain\" type=\"submit\" name=\"action\" value=\"restore\">\(t["schedules.upcoming.restore"])</button>"
            : "<button class=\"button button--plain\" type=\"submit\" name=\"action\" value=\"skip\">\(t["schedules.upcoming.skip"])</button>"
        return """
            <li class="to-confirm">
              <form method="post" action="\(SchedulePaths.occurrences(scheduleId))" class="to-confirm__form" novalidate>
                \(csrf.field)
                <input type="hidden" name="day" value="\(row.day)">
                <fieldset class="upcoming\(row.error == nil ? "" : " field--invalid")">
                  <legend class="field__label">\(row.date)\(row.state.map { " · \($0)" as HTML })</legend>
                  <label class="visually-hidden" for="\(id)-date">\(t["schedules.upcoming.date"])</label>
                  <input class="field__control" id="\(id)-date" name="date" type="date" value="\(row.dateValue)"\(described)>
                  <label class="visually-hidden" for="\(id)-amount">\(t["schedules.upcoming.amount"])</label>
                  <input class="field__control" id="\(id)-amount" name="amount" type="text" inputmode="decimal" autocomplete="off" value="\(row.amount)"\(described)>
                  \(row.error.map { "<p class=\"field__error\" id=\"\(id)-error\">\($0)</p>" as HTML })
                </fieldset>
                <button class="button button--secondary" type="submit" name="action" value="change">\(t["schedules.upcoming.save"])</button>
                \(second)
              </form>
            </li>
            """
    }

    /// Expenses that look like they repeat, offered as a schedule.
    struct Suggestion: Sendable {
        let key: String
        /// "Looks like Netflix every month — add it?"
        let text: String
        let addPath: String
    }

    struct IndexPage: Sendable {
        let pending: [PendingRow]
        let schedules: [ScheduleRow]
        let emptyState: EmptyState
        var suggestions: [Suggestion] = []
    }

    private static func suggestions(_ items: [Suggestion], csrf: CSRF, t: Words) -> HTML {
        """
        <section class="card" aria-labelledby="suggestions">
          <h2 class="card__title" id="suggestions">\(t["schedules.suggestions.title"])</h2>
          <ul class="category-rows">
            \(items.map { item in
                """
                <li class="to-confirm"><p class="to-confirm__text">\(item.text)</p><a class="button button--secondary" href="\(item.addPath)">\(t["schedules.suggestions.add"])</a><form method="post" action="\(SchedulePaths.dismissSuggestion)">\(csrf.field)<input type="hidden" name="key" value="\(item.key)"><button class="button button--plain" type="submit">\(t["schedules.suggestions.not_recurring"])</button></form></li>
                """ as HTML
            })
          </ul>
        </section>
        """
    }

    static func index(_ page: IndexPage, csrf: CSRF, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← \(t["budget.title"])</a></p>
          <a class="button button--primary" href="\(SchedulePaths.new)">\(t["schedules.add"])</a>
        </div>
        \(page.pending.isEmpty ? nil : pending(page.pending, csrf: csrf, t: t))
        \(page.suggestions.isEmpty ? nil : suggestions(page.suggestions, csrf: csrf, t: t))
        \(page.schedules.isEmpty ? "<div class=\"empty-grid empty-grid--single\">\(page.emptyState.html)</div>" as HTML : schedules(page.schedules, t: t))
        """
    }

    private static func pending(_ rows: [PendingRow], csrf: CSRF, t: Words) -> HTML {
        """
        <section class="card" aria-labelledby="to-confirm">
          <h2 class="card__title" id="to-confirm">\(t["schedules.to_confirm.title"])</h2>
          <ul class="category-rows">
            \(rows.map { pendingRow($0, csrf: csrf, t: t) })
          </ul>
        </section>
        """
    }

    private static func pendingRow(_ row: PendingRow, csrf: CSRF, t: Words) -> HTML {
        let id = "field-occurrence-\(row.id)"
        return """
            <li class="to-confirm">
              <form method="post" action="\(SchedulePaths.confirm(row.id))" class="to-confirm__form" novalidate>
                \(csrf.field)
                <div class="field\(row.error == nil ? "" : " field--invalid")">
                  <label class="field__label" for="\(id)">\(t["schedules.to_confirm.amount", ["name": row.name, "date": row.date]])</label>
                  <input class="field__control" id="\(id)" name="amount" type="text" inputmode="decimal" autocomplete="off" value="\(row.amount)"\(row.error == nil ? nil : " aria-invalid=\"true\" aria-describedby=\"\(id)-error\"" as HTML)>
                  \(row.error.map { "<p class=\"field__error\" id=\"\(id)-error\">\($0)</p>" as HTML })
                </div>
                <button class="button button--primary" type="submit">\(t["schedules.to_confirm.confirm"])</button>
              </form>
              <form method="post" action="\(SchedulePaths.skip(row.id))">
                \(csrf.field)
                <button class="button button--plain" type="submit" aria-label="\(t["schedules.to_confirm.skip_named", ["name": row.name, "date": row.date]])">\(t["schedules.to_confirm.skip"])</button>
              </form>
            </li>
            """
    }

    private static func schedules(_ rows: [ScheduleRow], t: Words) -> HTML {
        """
        <section class="card" aria-label="\(t["schedules.title"])">
          <ul class="category-rows">
            \(rows.map { row in
                """
                <li class="row-with-actions"><a class="category-row" href="\(row.editPath)"><span class="ledger-item__text"><span class="ledger-item__title">\(row.name) · \(row.amount)</span><span class="ledger-item__detail">\(row.rule)</span><span class="ledger-item__detail">\(row.detail)</span>\(row.keptBy.map { "<span class=\"ledger-item__detail\">\($0)</span>" as HTML })</span></a>\(row.keptBy == nil ? "<a class=\"button button--plain row-action\" href=\"\(SchedulePaths.delete(row.id))\" aria-label=\"\(t["schedules.delete_named", ["name": row.name]])\">\(t["budget.form.delete"])</a>" as HTML : nil)</li>
                """ as HTML
            })
          </ul>
        </section>
        """
    }
}
