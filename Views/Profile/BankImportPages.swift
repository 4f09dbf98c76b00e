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

    static func upload(_ page: UploadPage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(YourDataPaths.index)">← Your data</a></p>
        <section class="card form-card" aria-labelledby="bank-upload-title">
          <h2 class="card__title" id="bank-upload-title">Import a bank statement</h2>
          <p>Export your transactions from your bank's website as CSV, then choose the file here. Next you'll confirm which column is which and see a preview; nothing is saved until you import.</p>
          <form method="post" action="\(BankImportPaths.upload)" enctype="multipart/form-data" novalidate>
            \(csrf.field)
            \(Form.file("statement", label: "Statement (.csv, up to 5 MB)", accept: ".csv,.txt,text/csv", error: page.error))
            <div class="form-actions"><button class="button button--primary" type="submit">Continue</button></div>
          </form>
        </section>
        \(page.batches.isEmpty ? nil : """
            <section class="card form-card" aria-labelledby="bank-batches-title">
              <h2 class="card__title" id="bank-batches-title">Earlier imports</h2>
              <ul class="session-list">\(page.batches.map { batch in
                  """
                  <li class="session"><p class="session__head">\(batch.text)</p>
                    <form class="session__actions" method="post" action="\(BankImportPaths.undo(batch.id))">\(csrf.field)<button class="button button--destructive button--small" type="submit">Undo<span class="visually-hidden"> \(batch.text)</span></button></form>
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

    static func preview(_ page: PreviewPage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(BankImportPaths.upload)">← Choose another file</a></p>
        <form class="stack" method="post" action="\(BankImportPaths.preview)" novalidate>
          \(csrf.field)
          \(Form.summary(page.summary))
          <section class="card form-card" aria-labelledby="bank-columns-title">
            <h2 class="card__title" id="bank-columns-title">Columns of \(page.filename)</h2>
            <p class="muted small">Use Amount for one signed column (money out negative), or Money out and Money in for two.</p>
            <div class="field-grid">\(Form.fields(page.mappingFields))</div>
            <div class="form-actions"><button class="button button--secondary" type="submit" name="step" value="preview">Update preview</button></div>
          </section>
          <section class="card" aria-labelledby="bank-preview-title">
            <h2 class="card__title" id="bank-preview-title">Preview</h2>
            <p>\(page.counts)</p>
            <div class="table-scroll">
              <table class="data-table data-table--rows">
                <thead><tr><th scope="col">Line</th><th scope="col">Date</th><th scope="col">Description</th><th scope="col" class="amount">Amount</th><th scope="col">Category</th><th scope="col">Becomes</th></tr></thead>
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
                <h2 class="card__title" id="bank-duplicates-title">Already in your ledger</h2>
                <p class="muted small">These rows have the same date, amount and description as a transaction you have. They are skipped unless you tick them.</p>
                <fieldset class="field field--choices"><legend class="field__label">Import anyway</legend>
                  \(page.duplicates.map { duplicate in
                      """
                      <label class="choice"><input type="checkbox" name="include[]" value="\(duplicate.line)"\(duplicate.included ? " checked" : "")> Line \(duplicate.line): \(duplicate.text)</label>
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
