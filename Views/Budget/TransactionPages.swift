import HTML

/// The ledger as a list with search and filters, and the add / edit transaction form.
enum TransactionPages {
    struct IndexPage: Sendable {
        let query: String
        /// A month asked for by a link (a day's "see all"), kept while the other filters change.
        let month: String
        let payee: String
        let tag: String
        /// Payees and tags used lately, offered as the member types.
        let payees: [String]
        let tags: [String]
        let from: String
        let to: String
        /// The amount range as typed, and what is wrong with it.
        let min: String
        let max: String
        let minError: String?
        let maxError: String?
        let kinds: [Choice]
        let categories: [Choice]
        /// Empty when the user has no accounts: the filter is left out.
        let accounts: [Choice]
        let clearing: [Choice]
        let sorts: [Choice]
        /// "42 transactions · -$1,234.56"
        let summary: String
        let days: [BudgetPages.LedgerDay]
        let filtered: Bool
        /// The categories a selection can be moved to, by kind, and where the change comes back to.
        let bulkCategories: [Choice]
        let returnTo: String
        /// A filter under "More filters" is set: it shows open.
        let moreOpen: Bool
        let pager: Pager
        /// The next 30 days of schedules, greyed above the list (its first page, unfiltered).
        var upcoming: [Upcoming] = []
    }

    /// A schedule's occurrence still to come.
    struct Upcoming: Sendable {
        let date: String
        let name: String
        let amount: String
        let amountClass: String
        /// What happens on the day ("Post it by itself"…).
        let detail: String
        let href: String
    }

    private static func upcoming(_ items: [Upcoming], t: Words) -> HTML {
        """
        <section class="card upcoming-list" aria-labelledby="coming-up">
          <h2 class="card__title" id="coming-up">\(t["budget.transactions.coming_up"])</h2>
          <ul class="category-rows">
            \(items.map { item in
                """
                <li class="ledger-item ledger-item--upcoming"><a class="category-row" href="\(item.href)"><span class="ledger-item__text"><span class="ledger-item__title">\(item.name)</span><span class="ledger-item__detail">\(item.date) · \(item.detail)</span></span><span class="\(item.amountClass)">\(item.amount)</span></a></li>
                """ as HTML
            })
          </ul>
        </section>
        """
    }

    /// Links between pages: numbered (with the previous and next), or newer / older / newest for a keyset page.
    struct Pager: Sendable {
        struct Link: Sendable {
            let label: String
            /// Nil for the gap between distant pages ("…").
            let href: String?
            let current: Bool
        }

        var numbers: [Link] = []
        var previous: String?
        var next: String?
        var newer: String?
        var older: String?
        var first: String?

        /// Pages 1 … `pages` around `current`: the first, the last, and two either side of the current one.
        static func numbered(current: Int, of pages: Int, path: (Int) -> String) -> Pager {
            var pager = Pager()
            guard pages > 1 else { return pager }
            var shown: [Int] = []
            for page in 1...pages where page == 1 || page == pages || abs(page - current) <= 2 {
                if let last = shown.last, page > last + 1 { shown.append(0) }
                shown.append(page)
            }
            pager.numbers = shown.map {
                $0 == 0
                    ? Link(label: "…", href: nil, current: false)
                    : Link(label: String($0), href: path($0), current: $0 == current)
            }
            pager.previous = current > 1 ? path(current - 1) : nil
            pager.next = current < pages ? path(current + 1) : nil
            return pager
        }
    }

    /// The categories of one kind.
    struct CategoryGroup: Sendable {
        let label: String
        let kind: String
        /// The kind's most recently used category, which the form's script picks when this kind is chosen.
        let recent: String?
        let options: [Choice]
    }

    /// The transaction form's controls.
    struct Controls: Sendable {
        let amount: FormField
        /// The types, each with the form's heading for a new transaction of it (nil when editing).
        let kindOptions: [Choice]
        let kindError: String?
        let groups: [CategoryGroup]
        let categoryError: String?
        let note: FormField
        let date: FormField
        let account: FormField?
        /// Where a saving's money goes: shown for savings only (by the form's script; always without it).
        let into: FormField?
        let stash: FormField?
        let payee: FormField
        let tags: FormField
        let split: Split
    }

    /// The parts of a split: a row per part (its category choices, grouped by kind, and its amount as typed).
    struct Split: Sendable {
        struct Row: Sendable {
            let categories: [Choice]
            let amount: String
        }

        let rows: [Row]
        let error: String?
        /// Shown open when parts were typed or asked for.
        let open: Bool
    }

    struct FormPage: Sendable {
        let heading: String
        let action: String
        let submitLabel: String
        let cancelPath: String
        let summary: String?
        let form: Controls
        let returnTo: String?
        /// The agreement an edit of a row locked by a reconciliation asks for.
        let unlock: FormField?
        /// The transaction edited; nil when adding one.
        let id: Int64?
        let saveError: String?
    }

    /// What can be done to the ticked rows at once: a form of its own, which the rows' checkboxes belong to.
    private static func bulkBar(_ page: IndexPage, csrf: CSRF, t: Words) -> HTML {
        """
        <form id="bulk" class="bulk-bar" method="post" action="\(BudgetPaths.bulkTransactions)">
          \(csrf.field)
          \(Form.hidden("returnTo", page.returnTo))
          <label class="filters__item"><span class="field__label">\(t["budget.bulk.label"])</span>
            <select class="field__control" name="action">
              <option value="">\(t["budget.bulk.choose"])</option>
              <option value="category">\(t["budget.bulk.category"])</option>
              <option value="tag">\(t["budget.bulk.tag"])</option>
              <option value="cleared">\(t["budget.bulk.cleared"])</option>
              <option value="open">\(t["budget.bulk.open"])</option>
              <option value="delete">\(t["budget.bulk.delete"])</option>
            </select></label>
          <label class="filters__item"><span class="field__label">\(t["budget.bulk.category_label"])</span>
            <select class="field__control" name="category">\(Form.options(page.bulkCategories))</select></label>
          <label class="filters__item"><span class="field__label">\(t["budget.bulk.tag_label"])</span>
            <input class="field__control" name="tag" autocomplete="off" list="filter-tags"></label>
          <button class="button button--secondary" type="submit">\(t["budget.bulk.apply"])</button>
        </form>
        """
    }

    static func index(_ page: IndexPage, csrf: CSRF, t: Words) -> HTML {
        let empty: HTML =
            page.filtered
            ? "<p class=\"empty-inline__title\">\(t["budget.transactions.no_match_title"])</p><p class=\"muted\">\(t["budget.transactions.no_match_text"])</p>"
            : "<p class=\"empty-inline__title\">\(t["budget.transactions.empty_title"])</p><p class=\"muted\">\(t["budget.transactions.empty_text"])</p>"
        let accountFilter: HTML? =
            page.accounts.isEmpty
            ? nil
            : """
            <label class="filters__item"><span class="field__label">\(t["budget.transactions.account"])</span>
                  <select class="field__control" name="account">\(Form.options(page.accounts))</select></label>
            """
        func amountField(_ name: String, _ label: String, _ value: String, _ error: String?) -> HTML {
            let invalid: HTML? =
                error == nil ? nil : " aria-invalid=\"true\" aria-describedby=\"filter-\(name)-error\""
            return """
                <label class="filters__item\(error == nil ? "" : " field--invalid")"><span class="field__label">\(label)</span>
                  <input class="field__control" name="\(name)" inputmode="decimal" autocomplete="off" value="\(value)"\(invalid)>\(error.map { "<span class=\"field__error\" id=\"filter-\(name)-error\">\($0)</span>" as HTML })</label>
                """
        }
        let pager = page.pager
        return """
            <div class="budget-bar">
              <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← \(t["budget.title"])</a> · <a href="\(BudgetPaths.accounts)">\(t["budget.links.accounts"])</a></p>
              <details class="add-menu">
                <summary class="button button--primary">\(t["budget.add.button"])</summary>
                <ul class="add-menu__list">
                  <li><a href="\(BudgetPaths.newTransaction(kind: .income, returnTo: BudgetPaths.transactions))">\(t["budget.add.income"])</a></li>
                  <li><a href="\(BudgetPaths.newTransaction(kind: nil, returnTo: BudgetPaths.transactions))">\(t["budget.add.expense"])</a></li>
                  <li><a href="\(BudgetPaths.newTransfer(returnTo: BudgetPaths.transactions))">\(t["budget.add.transfer"])</a></li>
                </ul>
              </details>
            </div>
            <form class="card filters" method="get" action="\(BudgetPaths.transactions)" role="search">
              <div class="filters__search">
                <label class="visually-hidden" for="q">\(t["budget.transactions.search"])</label>
                <input class="field__control" id="q" name="q" type="search" value="\(page.query)" placeholder="\(t["budget.transactions.search_placeholder"])">
                <button class="button button--primary" type="submit">\(t["budget.transactions.search"])</button>
              </div>
              <div class="filters__row">
                <label class="filters__item"><span class="field__label">\(t["budget.transactions.kind"])</span>
                  <select class="field__control" name="kind">\(Form.options(page.kinds))</select></label>
                <label class="filters__item"><span class="field__label">\(t["budget.transactions.category"])</span>
                  <select class="field__control" name="category">\(Form.options(page.categories))</select></label>
              </div>
              <details class="filters__more"\(page.moreOpen ? " open" : "")>
                <summary>\(t["budget.transactions.more_filters"])</summary>
                <div class="filters__row">
                \(accountFilter)
                <label class="filters__item"><span class="field__label">\(t["budget.transactions.payee"])</span>
                  <input class="field__control" name="payee" autocomplete="off" value="\(page.payee)" list="filter-payees"></label>
                <label class="filters__item"><span class="field__label">\(t["budget.transactions.tag"])</span>
                  <input class="field__control" name="tag" autocomplete="off" value="\(page.tag)" list="filter-tags"></label>
                <datalist id="filter-payees">\(page.payees.map { "<option value=\"\($0)\"></option>" as HTML })</datalist>
                <datalist id="filter-tags">\(page.tags.map { "<option value=\"\($0)\"></option>" as HTML })</datalist>
                <label class="filters__item"><span class="field__label">\(t["budget.transactions.from"])</span>
                  <input class="field__control" name="from" type="date" value="\(page.from)"></label>
                <label class="filters__item"><span class="field__label">\(t["budget.transactions.to"])</span>
                  <input class="field__control" name="to" type="date" value="\(page.to)"></label>
                \(amountField("min", t["budget.transactions.min"], page.min, page.minError))
                \(amountField("max", t["budget.transactions.max"], page.max, page.maxError))
                <label class="filters__item"><span class="field__label">\(t["budget.transactions.cleared.label"])</span>
                  <select class="field__control" name="cleared">\(Form.options(page.clearing))</select></label>
                <label class="filters__item"><span class="field__label">\(t["budget.transactions.sort.label"])</span>
                  <select class="field__control" name="sort">\(Form.options(page.sorts))</select></label>
                \(Form.hidden("month", page.month.isEmpty ? nil : page.month))
                </div>
              </details>
              \(page.filtered ? "<p class=\"small\"><a href=\"\(BudgetPaths.transactions)\">\(t["budget.transactions.clear_filters"])</a></p>" as HTML : nil)
            </form>
            \(page.upcoming.isEmpty ? nil : upcoming(page.upcoming, t: t))
            <section class="card" aria-labelledby="transactions-list">
              <h2 class="visually-hidden" id="transactions-list">\(page.filtered ? t["budget.transactions.matching"] : t["budget.transactions.all"])</h2>
              <p class="list-summary" role="status">\(page.summary)</p>
              \(page.days.isEmpty ? nil : bulkBar(page, csrf: csrf, t: t))
              \(page.days.isEmpty ? "<div class=\"empty-inline\">\n    \(empty)\n  </div>" as HTML : BudgetPages.days(page.days, selection: ("bulk", t.phrase("budget.bulk.select"))))
              <nav class="pager" aria-label="\(t["budget.pager.label"])">
                \(pager.newer.map { "<a class=\"button button--plain\" href=\"\($0)\">\(t["budget.pager.newer"])</a>" as HTML })
                \(pager.first.map { "<a class=\"button button--plain\" href=\"\($0)\">\(t["budget.pager.newest"])</a>" as HTML })
                \(pager.older.map { "<a class=\"button button--plain\" href=\"\($0)\">\(t["budget.pager.older"])</a>" as HTML })
                \(pager.previous.map { "<a class=\"button button--plain\" href=\"\($0)\" rel=\"prev\">\(t["budget.pager.previous"])</a>" as HTML })
                \(pageNumbers(pager, t: t))
                \(pager.next.map { "<a class=\"button button--plain\" href=\"\($0)\" rel=\"next\">\(t["budget.pager.next"])</a>" as HTML })
              </nav>
            </section>
            """
    }

    /// The split's part rows and the button that posts the form back with one more (no JavaScript needed).
    private static func split(_ split: Split, t: Words) -> HTML {
        let rows: [HTML] = split.rows.enumerated().map { index, row in
            let number = String(index + 1)
            return """
                <div class="split-row">
                  <label class="split-row__item"><span class="field__label">\(t["budget.split.category", ["number": number]])</span>
                    <select class="field__control" name="partCategory[]">\(Form.groupedOptions(row.categories))</select></label>
                  <label class="split-row__item"><span class="field__label">\(t["budget.split.amount", ["number": number]])</span>
                    <input class="field__control" name="partAmount[]" inputmode="decimal" autocomplete="off" value="\(row.amount)"></label>
                </div>
                """
        }
        return """
            <details class="field tx-form__split\(split.error == nil ? "" : " field--invalid")"\(split.open ? " open" : "")>
              <summary>\(t["budget.split.title"])</summary>
              <p class="field__hint" id="field-parts-hint">\(t["budget.split.hint"])</p>
              \(rows)
              \(split.error.map { "<p class=\"field__error\" id=\"field-parts-error\">\($0)</p>" as HTML })
              <button class="button button--secondary" type="submit" name="addPart" value="1" formnovalidate>\(t["budget.split.add"])</button>
            </details>
            """
    }

    /// The numbered links of a pager, the current page marked; nil when there is one page.
    private static func pageNumbers(_ pager: Pager, t: Words) -> HTML? {
        guard !pager.numbers.isEmpty else { return nil }
        let items: [HTML] = pager.numbers.map { link in
            guard let href = link.href else { return "<li class=\"pager__gap\" aria-hidden=\"true\">…</li>" }
            let current: HTML? = link.current ? " aria-current=\"page\"" : nil
            return
                "<li><a class=\"pager__number\" href=\"\(href)\"\(current) aria-label=\"\(t["budget.pager.page", ["number": link.label]])\">\(link.label)</a></li>"
        }
        return "<ul class=\"pager__numbers\">\(items)</ul>"
    }

    static func form(_ page: FormPage, csrf: CSRF, t: Words) -> HTML {
        let form = page.form
        let categoryInvalid: HTML? =
            form.categoryError == nil ? nil : " aria-invalid=\"true\" aria-describedby=\"field-category-error\""
        let card = FormCard(
            heading: page.heading,
            summary: page.summary,
            action: page.action,
            formAttributes: " class=\"tx-form\" data-tx-form",
            fields: """
                \(Form.hidden("returnTo", page.returnTo))
                <div class="tx-form__amount">\(form.amount.html)</div>
                <fieldset class="field field--choices\(form.kindError == nil ? "" : " field--invalid")">
                  <legend class="field__label">\(t["budget.transaction_form.type"])</legend>
                  <div class="kind-choices">
                    \(form.kindOptions.map { option in
                    "<label class=\"kind-choice\"><input type=\"radio\" name=\"kind\" value=\"\(option.value)\"\(option.checked ? " checked" : "")\(option.heading.map { " data-heading=\"\($0)\"" as HTML })> <span>\(option.label)</span></label>" as HTML
                })
                  </div>
                  \(form.kindError.map { "<p class=\"field__error\" id=\"field-kind-error\">\($0)</p>" as HTML })
                </fieldset>
                <div class="field\(form.categoryError == nil ? "" : " field--invalid")">
                  <label class="field__label" for="field-category">\(t["budget.transactions.category"])</label>
                  <select class="field__control" id="field-category" name="category"\(categoryInvalid)>
                    \(form.groups.map { group in
                    """
                    <optgroup label="\(group.label)" data-kind="\(group.kind)">\(group.options.map { option in
                        "<option value=\"\(option.value)\"\(option.checked ? " selected" : "") data-kind=\"\(group.kind)\"\(option.value == group.recent ? " data-recent" : "")>\(option.label)</option>" as HTML
                    })</optgroup>
                    """ as HTML
                })
                  </select>
                  \(form.categoryError.map { "<p class=\"field__error\" id=\"field-category-error\">\($0)</p>" as HTML })
                </div>
                \(form.payee.html)
                \(form.note.html)
                \(form.date.html)
                \(form.account?.html)
                \(form.into.map { "<div class=\"tx-form__stash\" data-kind-only=\"savings\">\($0.html)</div>" as HTML })
                \(form.stash.map { "<div class=\"tx-form__stash\" data-kind-only=\"savings\">\($0.html)</div>" as HTML })
                \(form.tags.html)
                \(page.unlock?.html)
                """,
            // The split comes after Save: its "Add a part" button would otherwise be the button Enter presses.
            actions: """
                \(Form.actions(submit: page.submitLabel, cancel: page.cancelPath, t: t))
                \(page.saveError.map { "<p class=\"save-error\" role=\"alert\">\($0)</p>" as HTML })
                \(split(form.split, t: t))
                """,
            after: """
                \(Form.deleteButton(page.id.map { BudgetPaths.deleteTransaction($0) }, label: t["budget.transaction_form.delete"], returnTo: page.returnTo, csrf: csrf))
                <p class="muted small">\(t.html("budget.transaction_form.missing_category", ["link": "<a href=\"\(BudgetPaths.categories)\">\(t["budget.transaction_form.manage_categories"])</a>"]))</p>
                """
        )
        return "\(card.html(csrf: csrf))<script src=\"/js/transaction-form.js\" defer></script>"
    }
}
