import HTML

/// Profile → Your data: download everything, bring an export back, bank statements, and deleting the account.
enum YourDataPages {
    struct DataPage: Sendable {
        /// Why the last import was refused, next to its file field.
        let importError: String?
        /// Whether the account has nothing yet, so an export can be imported into it.
        let accountIsEmpty: Bool
    }

    static func show(_ page: DataPage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">← Profile</a></p>
        <section class="card" aria-labelledby="export-title">
          <h2 class="card__title" id="export-title">Download everything</h2>
          <p>One ZIP file with all of your data: a JSON document Stashify can import again, and a CSV file per table for spreadsheets. It holds your profile, stashes and their targets, every entry and transaction, categories, accounts, income sources, badges, wallet cards, benefits and their uses, subscriptions, coupons and settings.</p>
          <p><a class="button button--primary" href="\(YourDataPaths.export)" download>Download everything (ZIP)</a></p>
        </section>

        <section class="card" aria-labelledby="import-title">
          <h2 class="card__title" id="import-title">Import a Stashify export</h2>
          \(page.accountIsEmpty
              ? "<p>Bring back everything from a file made by “Download everything”, on this server or another. Nothing changes unless the whole file can be imported.</p>" as HTML
              : "<p class=\"muted\">An export can only be imported into an empty account, so nothing is mixed or doubled. Sign up a new account for it, or delete this one first.</p>" as HTML)
          <form method="post" action="\(YourDataPaths.importArchive)" enctype="multipart/form-data" novalidate>
            \(csrf.field)
            \(Form.file("archive", label: "Export file (.zip)", accept: ".zip,application/zip", error: page.importError, disabled: !page.accountIsEmpty))
            <div class="form-actions">
              <button class="button button--secondary" type="submit"\(page.accountIsEmpty ? "" : " disabled")>Import</button>
            </div>
          </form>
        </section>

        <section class="card" aria-labelledby="bank-title">
          <h2 class="card__title" id="bank-title">Bank statements</h2>
          <p>Bring in transactions from your bank's CSV export: pick the columns, check a preview, and undo the whole import if it isn't right.</p>
          <p><a class="button button--secondary" href="\(BankImportPaths.upload)">Import a bank statement (CSV)</a></p>
        </section>

        <section class="card" aria-labelledby="delete-title">
          <h2 class="card__title" id="delete-title">Delete your account</h2>
          <p>Removes your account and every piece of your data from this server, and logs out every browser. It can't be undone.</p>
          <p><a class="button button--danger" href="\(YourDataPaths.deleteMembership)">Delete account…</a></p>
        </section>
        """
    }

    struct DeletePage: Sendable {
        let summary: String?
        let fields: [FormField]
        /// What goes, in numbers ("1,234 entries, 8 stashes and 20 cards").
        let contents: String
    }

    static func delete(_ page: DeletePage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(YourDataPaths.index)">← Your data</a></p>
        <section class="card form-card confirm" aria-labelledby="delete-account-title">
          <h2 class="card__title" id="delete-account-title">Delete your account?</h2>
          <p>Your account and all of its data go for good: \(page.contents). Every browser signed in to it is logged out. This can't be undone.</p>
          <p>Want a copy first? <a href="\(YourDataPaths.export)" download>Download everything</a>.</p>
          \(Form.summary(page.summary))
          <form method="post" action="\(YourDataPaths.deleteMembership)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields(page.fields))</div>
            <div class="form-actions">
              <a class="button button--secondary" href="\(YourDataPaths.index)">Cancel</a>
              <button class="button button--danger" type="submit">Delete my account</button>
            </div>
          </form>
        </section>
        """
    }
}
