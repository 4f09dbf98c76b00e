import HTML

/// Importing a bank statement: upload the CSV, confirm the columns with a preview, import as one batch that can be
/// undone.
enum BankImportPages {
    /// An earlier import, with its Undo.
    struct Batch: Sendable {
        let id: Int64
        let text: String
    }

    struct UploadPage: Sendable {
        let error: String?
        let batches: [Batch]
    }

    static func upload(_ page: UploadPage, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(YourDataPaths.index)">\(t["data.back"])</a></p>
        <section class="card form-card" aria-labelledby="bank-upload-title">
          <h2 class="card__title" id="bank-upload-title">\(t["data.bank.title"])</h2>
          <p>\(t["data.bank.upload_text"])</p>
          <form method="post" action="\(BankImportPaths.upload)" enctype="multipart/form-data" novalidate>
            \(csrf.field)
            \(Form.file("statement", label: t["data.bank.file"], accept: ".csv,.txt,text/csv", error: page.error))
            <div class="form-actions"><button class="button button--primary" type="submit">\(t["data.bank.continue"])</button></div>
          </form>
        </section>
        \(page.batches.isEmpty ? nil : """
            <section class="card form-card" aria-labelledby="bank-batches-title">
              <h2 class="card__title" id="bank-batches-title">\(t["data.bank.batches"])</h2>
              <ul class="session-list">\(page.batches.map { batch in
                  """
                  <li class="session"><p class="session__head">\(batch.text)</p>
                    <form class="session__actions" method="post" action="\(BankImportPaths.undo(batch.id))">\(csrf.field)<button class="button button--destructive button--small" type="submit">\(t["data.bank.undo"])<span class="visually-hidden"> \(batch.text)</span></button></form>
                  </li>
                  """ as HTML
              })</ul>
            </section>
            """ as HTML)
        """
    }

    /// One row of the preview.
    struct Row: Sendable {
        let line: Int
        let date: String
        let description: String
        let amount: String
        let isIncome: Bool
        let category: String
        /// "New", "Already in your ledger" or why it can't be read.
        let status: String
        let isSkipped: Bool
    }

    /// A row already in the ledger, offered with a box to import it anyway.
    struct Duplicate: Sendable {
        let line: Int
        let text: String
        let included: Bool
    }

    struct PreviewPage: Sendable {
        let filename: String
        let summary: String?
        let mappingFields: [FormField]
        let rows: [Row]
        let counts: String
        let duplicates: [Duplicate]
        let importLabel: String?
    }

    static func preview(_ page: PreviewPage, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(BankImportPaths.upload)">\(t["data.bank.another_file"])</a></p>
        <form class="stack" method="post" action="\(BankImportPaths.preview)" novalidate>
          \(csrf.field)
          \(Form.summary(page.summary))
          <section class="card form-card" aria-labelledby="bank-columns-title">
            <h2 class="card__title" id="bank-columns-title">\(t["data.bank.columns_title", ["file": page.filename]])</h2>
            <p class="muted small">\(t["data.bank.columns_text"])</p>
            <div class="field-grid">\(Form.fields(page.mappingFields))</div>
            <div class="form-actions"><button class="button button--secondary" type="submit" name="step" value="preview">\(t["data.bank.update_preview"])</button></div>
          </section>
          <section class="card" aria-labelledby="bank-preview-title">
            <h2 class="card__title" id="bank-preview-title">\(t["data.bank.preview"])</h2>
            <p>\(page.counts)</p>
            <div class="table-scroll" tabindex="0" role="group" aria-label="\(t["statistics.charts.scrolls", ["title": t["data.bank.preview"]]])">
              <table class="data-table data-table--rows">
                <thead><tr><th scope="col">\(t["data.bank.line"])</th><th scope="col">\(t["data.bank.date"])</th><th scope="col">\(t["data.bank.description"])</th><th scope="col" class="amount">\(t["data.bank.amount"])</th><th scope="col">\(t["data.bank.category_column"])</th><th scope="col">\(t["data.bank.becomes"])</th></tr></thead>
                <tbody>\(page.rows.map { row in
                    """
                    <tr\(row.isSkipped ? " class=\"muted\"" : "")><td>\(row.line)</td><td>\(row.date)</td><td>\(row.description)</td><td class="\(row.isIncome ? "amount amount--income" : "amount")">\(row.amount)</td><td>\(row.category)</td><td>\(row.status)</td></tr>
                    """ as HTML
                })</tbody>
              </table>
            </div>
          </section>
          \(page.duplicates.isEmpty ? nil : """
              <section class="card form-card" aria-labelledby="bank-duplicates-title">
                <h2 class="card__title" id="bank-duplicates-title">\(t["data.bank.duplicates_title"])</h2>
                <p class="muted small">\(t["data.bank.duplicates_text"])</p>
                <fieldset class="field field--choices"><legend class="field__label">\(t["data.bank.import_anyway"])</legend>
                  \(page.duplicates.map { duplicate in
                      """
                      <label class="choice"><input type="checkbox" name="include[]" value="\(duplicate.line)"\(duplicate.included ? " checked" : "")> \(t["data.bank.duplicate_line", ["line": String(duplicate.line), "text": duplicate.text]])</label>
                      """ as HTML
                  })
                </fieldset>
              </section>
              """ as HTML)
          \(page.importLabel.map { label in
              """
              <div class="form-actions"><button class="button button--primary" type="submit" name="step" value="import">\(label)</button></div>
              """ as HTML
          })
        </form>
        """
    }
}
