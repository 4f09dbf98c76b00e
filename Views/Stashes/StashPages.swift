import HTML

/// The stash pages: the stash form, the stash with its month, the delete confirmation, and the entry form.
enum StashPages {
    /// A form of labelled fields with a submit and a cancel button (new and edit stash).
    struct FormPage: Sendable {
        let heading: String
        let action: String
        let submitLabel: String
        let cancelPath: String
        let summary: String?
        let fields: [FormField]
        /// Set when the target typed would take this month's badge away: the form asks before saving.
        var warning: TargetWarning? = nil
    }

    /// What a higher target takes away, and the value that confirms it.
    struct TargetWarning: Sendable {
        /// "Raising the target to $250.00 takes away the badge for November 2026 (10 points, reward claimed): …"
        let text: String
        /// Sent by "Save anyway": the target confirmed, so a target changed again is asked about again.
        let confirmValue: String
    }

    struct MonthRow: Sendable {
        let month: Month
        let amount: String
        let percentText: String
        let result: String
        let earned: Bool
        let current: Bool
    }

    struct EntryItem: Sendable {
        let id: Int64
        let dateTitle: String
        let amount: String
        let note: String?
    }

    struct ShowPage: Sendable {
        let card: StashCard
        let month: Month
        /// Whether `month` is before this month, so there is a next month to step to.
        let hasNext: Bool
        let goal: ProgressBar?
        let goalText: String?
        let reward: String?
        let entries: [EntryItem]
        /// Which page of the month's entries this is, and whether older ones follow.
        let pageNumber: Int
        let hasOlder: Bool
        let months: [MonthRow]
        let kindLabel: String
        /// A save stash's link to a schedule that puts money into it on each pay day, when there are pay days.
        var everyPayday: String? = nil
    }

    struct DeletePage: Sendable {
        let id: Int64
        let name: String
        let consequences: String
    }

    /// The add or edit entry form, with this month's progress and a live preview of the new total.
    struct EntryFormPage: Sendable {
        let heading: String
        let stashName: String
        let action: String
        let submitLabel: String
        let cancelPath: String
        let summary: String?
        let fields: [FormField]
        let card: StashCard
        let totalCents: Int64
        let targetCents: Int64
        let oldAmountCents: Int64
        let minorUnits: Int
        /// The currency's code, and how the member's region writes and types amounts (`de-DE`, `,` and `.`), for
        /// the amounts the preview reads and writes.
        let currency: String
        let locale: String
        let decimalSeparator: String
        let groupingSeparator: String
        /// A spend stash's preview speaks of its allowance in money; a save stash's of its target in percent.
        let isSpend: Bool
        /// The entry edited; nil when adding one.
        let entryId: Int64?
        let returnTo: String?
    }

    static func form(_ page: FormPage, t: Words, csrf: CSRF) -> HTML {
        FormCard(
            heading: page.heading,
            summary: page.summary,
            action: page.action,
            fields: """
                \(page.warning.map { "<p class=\"form-summary form-summary--warning\" role=\"alert\">\($0.text)</p>" as HTML })
                \(Form.fields(page.fields))
                """,
            actions: Form.actions(
                buttons: page.warning.map { confirmButtons($0, t: t) }
                    ?? "<button class=\"button button--primary\" type=\"submit\">\(page.submitLabel)</button>",
                cancel: page.cancelPath,
                t: t
            )
        ).html(csrf: csrf)
    }

    /// Instead of the submit button while a higher target would take a badge away: save anyway, or keep the old one.
    private static func confirmButtons(_ warning: TargetWarning, t: Words) -> HTML {
        """
        <button class="button button--primary" type="submit" name="confirmTarget" value="\(warning.confirmValue)">\(t["stashes.form.save_anyway"])</button>
        <button class="button button--secondary" type="submit" name="confirmTarget" value="keep">\(t["stashes.form.keep_old_target"])</button>
        """
    }

    static func show(_ page: ShowPage, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(HomePaths.index)">\(t["stashes.show.back_home"])</a> · \(page.kindLabel)</p>
        <nav class="month-nav" aria-label="\(t["stashes.show.month_nav"])">
          <a class="month-nav__step" href="\(StashPaths.show(page.card.id, month: page.month.previous))" aria-label="\(t["stashes.show.previous_month"])">‹</a>
          <h2 class="month-nav__title">\(t.month(page.month))</h2>
          \(page.hasNext ? "<a class=\"month-nav__step\" href=\"\(StashPaths.show(page.card.id, month: page.month.next))\" aria-label=\"\(t["stashes.show.next_month"])\">›</a>" as HTML : nil)
        </nav>

        <section class="card">
          \(page.card.html)
          <div class="form-actions">
            <a class="button button--primary" href="\(StashPaths.newEntry(page.card.id))">\(t["stashes.show.add_entry"])</a>
            <a class="button button--secondary" href="\(StashPaths.edit(page.card.id))">\(t["stashes.show.edit"])</a>
            <a class="button button--danger-outline" href="\(StashPaths.delete(page.card.id))">\(t["stashes.show.delete"])</a>
          </div>
          \(page.everyPayday.map { "<p class=\"stash-payday\"><a href=\"\($0)\">\(t["stashes.show.every_payday"]) →</a></p>" as HTML })
        </section>
        \(page.goal.map { goal in
            """
            <section class="card" aria-labelledby="goal-title">
              <h2 class="card__title" id="goal-title">\(t["stashes.show.goal_title"])</h2>
              \(goal.html)
              <p class="muted">\(page.goalText ?? "")</p>
            </section>
            """ as HTML
        })
        \(page.reward.map { reward in
            """
            <section class="card reward" aria-labelledby="reward-title">
              <h2 class="card__title" id="reward-title">\(t["stashes.show.reward_title"])</h2>
              <p>\(t.html("stashes.show.reward_text", ["reward": "<strong>\(reward)</strong>"]))</p>
            </section>
            """ as HTML
        })
        <section class="card" aria-labelledby="entries-title">
          <h2 class="card__title" id="entries-title">\(t["stashes.show.entries_title", ["month": t.month(page.month)]])</h2>
          \(page.entries.isEmpty ? "<p class=\"muted\">\(t["stashes.show.no_entries"])</p>" : entryList(page, t: t))
        </section>
        \(page.months.isEmpty ? nil : monthList(page, t: t))
        """
    }

    private static func entryList(_ page: ShowPage, t: Words) -> HTML {
        """
        <ul class="entry-list">
            \(page.entries.map { entry in
                """
                <li class="entry-list__item"><a href="\(StashPaths.editEntry(entry.id))"><span class="entry-list__main"><span class="entry-list__amount">\(entry.amount)</span> <span class="muted">\(entry.dateTitle)</span></span>\(entry.note.map { "<span class=\"entry-list__note\">\($0)</span>" as HTML })</a></li>
                """ as HTML
            })
          </ul>
          <nav class="pager" aria-label="\(t["stashes.show.entry_pages"])">
            \(page.pageNumber > 1 ? "<a class=\"button button--plain\" href=\"\(StashPaths.show(page.card.id, month: page.month, page: page.pageNumber - 1))\">\(t["stashes.show.newer"])</a>" as HTML : nil)
            \(page.hasOlder ? "<a class=\"button button--plain\" href=\"\(StashPaths.show(page.card.id, month: page.month, page: page.pageNumber + 1))\">\(t["stashes.show.older"])</a>" as HTML : nil)
          </nav>
        """
    }

    private static func monthList(_ page: ShowPage, t: Words) -> HTML {
        """
        <section class="card" aria-labelledby="months-title">
          <h2 class="card__title" id="months-title">\(t["stashes.show.months_title"])</h2>
          <ul class="month-list">
            \(page.months.map { month in
                """
                <li><a class="month-list__row\(month.current ? " month-list__row--current" : "")" href="\(StashPaths.show(page.card.id, month: month.month))"><span>\(t.month(month.month))</span><span class="muted">\(month.amount) · \(month.percentText)</span><span class="result\(month.earned ? " result--earned" : "")">\(month.result)</span></a></li>
                """ as HTML
            })
          </ul>
        </section>
        """
    }

    static func delete(_ page: DeletePage, t: Words, csrf: CSRF) -> HTML {
        """
        <section class="card form-card" aria-labelledby="delete-title">
          <h2 class="card__title" id="delete-title">\(t["stashes.delete.title", ["name": page.name]])</h2>
          <p>\(page.consequences)</p>
          <form method="post" action="\(StashPaths.delete(page.id))" class="form-actions">
            \(csrf.field)
            <a class="button button--secondary" href="\(StashPaths.show(page.id))">\(t["stashes.delete.cancel"])</a>
            <button class="button button--danger" type="submit">\(t["stashes.delete.submit"])</button>
          </form>
        </section>
        """
    }

    static func entryForm(_ page: EntryFormPage, t: Words, csrf: CSRF) -> HTML {
        let card = FormCard(
            heading: page.heading,
            above: "<p class=\"breadcrumb\">\(page.stashName)</p>",
            intro: """
                \(page.card.summary(t))
                <p class="muted preview" id="entry-preview" data-total="\(page.totalCents)" data-target="\(page.targetCents)" data-old="\(page.oldAmountCents)" data-minor-units="\(page.minorUnits)" data-currency="\(page.currency)" data-locale="\(page.locale)" data-decimal="\(page.decimalSeparator)" data-group="\(page.groupingSeparator)" data-kind="\(page.isSpend ? "spend" : "save")" aria-live="polite"></p>
                """,
            summary: page.summary,
            action: page.action,
            formAttributes: " data-preview=\"entry-preview\"",
            fields: "\(Form.hidden("returnTo", page.returnTo))\(Form.fields(page.fields))",
            actions: Form.actions(submit: page.submitLabel, cancel: page.cancelPath, t: t),
            after: Form.deleteButton(
                page.entryId.map { StashPaths.deleteEntry($0) },
                label: t["stashes.entry_form.delete"],
                returnTo: page.returnTo,
                csrf: csrf
            )
        )
        return "\(card.html(csrf: csrf))<script src=\"/js/entry-preview.js\" defer></script>"
    }
}
