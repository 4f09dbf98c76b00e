import HTML

/// Profile → Your data: download everything, bring an export back, bank statements, and deleting the account.
enum YourDataPages {
    struct DataPage: Sendable {
        /// Why the last import was refused, next to its file field.
        let importError: String?
        /// Whether the account has nothing yet, so an export can be imported into it.
        let accountIsEmpty: Bool
    }

    static func show(_ page: DataPage, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">\(t["profile.back"])</a></p>
        <section class="card" aria-labelledby="export-title">
          <h2 class="card__title" id="export-title">\(t["data.export.title"])</h2>
          <p>\(t["data.export.text"])</p>
          <p><a class="button button--primary" href="\(YourDataPaths.export)" download>\(t["data.export.button"])</a></p>
        </section>

        <section class="card" aria-labelledby="import-title">
          <h2 class="card__title" id="import-title">\(t["data.import.title"])</h2>
          \(page.accountIsEmpty
              ? "<p>\(t["data.import.text"])</p>" as HTML
              : "<p class=\"muted\">\(t["data.import.not_empty"])</p>" as HTML)
          <form method="post" action="\(YourDataPaths.importArchive)" enctype="multipart/form-data" novalidate>
            \(csrf.field)
            \(Form.file("archive", label: t["data.import.file"], accept: ".zip,application/zip", error: page.importError, disabled: !page.accountIsEmpty))
            <div class="form-actions">
              <button class="button button--secondary" type="submit"\(page.accountIsEmpty ? "" : " disabled")>\(t["data.import.submit"])</button>
            </div>
          </form>
        </section>

        <section class="card" aria-labelledby="bank-title">
          <h2 class="card__title" id="bank-title">\(t["data.bank_link.title"])</h2>
          <p>\(t["data.bank_link.text"])</p>
          <p><a class="button button--secondary" href="\(BankImportPaths.upload)">\(t["data.bank_link.button"])</a></p>
        </section>

        <section class="card" aria-labelledby="delete-title">
          <h2 class="card__title" id="delete-title">\(t["data.delete.link_title"])</h2>
          <p>\(t["data.delete.link_text"])</p>
          <p><a class="button button--danger" href="\(YourDataPaths.deleteMembership)">\(t["data.delete.link_button"])</a></p>
        </section>
        """
    }

    struct DeletePage: Sendable {
        let summary: String?
        let fields: [FormField]
        /// What goes, in numbers ("1,234 entries, 8 stashes and 20 cards").
        let contents: String
    }

    static func delete(_ page: DeletePage, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(YourDataPaths.index)">\(t["data.back"])</a></p>
        <section class="card form-card confirm" aria-labelledby="delete-account-title">
          <h2 class="card__title" id="delete-account-title">\(t["data.delete.question"])</h2>
          <p>\(t["data.delete.text", ["contents": page.contents]])</p>
          <p>\(t.html("data.delete.copy_first", ["link": "<a href=\"\(YourDataPaths.export)\" download>\(t["data.export.title"])</a>"]))</p>
          \(Form.summary(page.summary))
          <form method="post" action="\(YourDataPaths.deleteMembership)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields(page.fields))</div>
            <div class="form-actions">
              <a class="button button--secondary" href="\(YourDataPaths.index)">\(t["data.cancel"])</a>
              <button class="button button--danger" type="submit">\(t["data.delete.submit"])</button>
            </div>
          </form>
        </section>
        """
    }
}
