import './highlight-theme.css';
import { Alert, Box, HStack, NativeSelect, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { PreviewKind } from '#shared/file-preview';
import { Prose } from '../../../components/ui/prose.tsx';
import { highlight, languageOf, parseCsv, renderDocx, renderMarkdown, renderNotebook } from '../utils/render.ts';
import { readSpreadsheet, type SpreadsheetSheet } from '../utils/spreadsheet.ts';

/** Rows of a CSV shown as a table; the rest is left to the download. */
const CSV_ROWS_SHOWN = 1000;

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

function Html({ html, label }: { html: string; label: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in utils/render.ts.
    <Prose maxW="none" role="document" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

function Code({ text, language, label }: { text: string; language: string; label: string }) {
  const html = useMemo(() => highlight(text, language), [text, language]);
  return (
    <Box
      as="pre"
      tabIndex={0}
      aria-label={label}
      bg="bg.subtle"
      p="4"
      borderRadius="md"
      overflow="auto"
      fontSize="sm"
      fontFamily="mono"
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes the source it marks up. */}
      <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
    </Box>
  );
}

function CsvTable({ text, name }: { text: string; name: string }) {
  const rows = useMemo(() => parseCsv(text), [text]);
  const [head, ...body] = rows;
  if (!head) return <Text>This file is empty.</Text>;
  const shown = body.slice(0, CSV_ROWS_SHOWN);
  return (
    <Box overflow="auto" tabIndex={0} aria-label={`Table of ${name}`}>
      <Table.Root size="sm" variant="outline" showColumnBorder>
        <Table.Caption>
          {name}: {body.length} rows
          {body.length > shown.length ? `, the first ${shown.length} shown` : ''}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {head.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place.
              <Table.ColumnHeader key={index}>{cell}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            <Table.Row key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place.
                <Table.Cell key={index}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Image({ bytes, name }: { bytes: Uint8Array; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(new Blob([bytes as BlobPart]));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [bytes]);
  return url ? <img src={url} alt={name} style={{ maxWidth: '100%', height: 'auto' }} /> : null;
}

function Docx({ bytes, name }: { bytes: Uint8Array; name: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    renderDocx(bytes).then(
      (value) => current && setHtml(value),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [bytes]);
  if (failed) return <Unreadable />;
  if (html === null) return <Spinner aria-label="Converting the document" />;
  return <Html html={html} label={name} />;
}

function SheetTable({ sheet, name }: { sheet: SpreadsheetSheet; name: string }) {
  const cutRows = sheet.rowCount > sheet.rows.length;
  const cutColumns = sheet.columnCount > sheet.header.length;
  if (sheet.header.length === 0) return <Text>This sheet is empty.</Text>;
  return (
    <Box overflow="auto" tabIndex={0} aria-label={`Table of ${name}, sheet ${sheet.name}`} maxH="70vh">
      <Table.Root size="sm" variant="outline" showColumnBorder>
        <Table.Caption>
          {name}, sheet {sheet.name}: {sheet.rowCount} rows
          {cutRows ? `, the first ${sheet.rows.length} shown` : ''}
          {cutColumns ? `; ${sheet.columnCount} columns, the first ${sheet.header.length} shown` : ''}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {sheet.header.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place.
              <Table.ColumnHeader key={index}>{cell}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sheet.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            <Table.Row key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place.
                <Table.Cell key={index}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** An Excel workbook: a sheet chooser (when it has several) and the chosen sheet as a table. */
function Spreadsheet({ bytes, name }: { bytes: Uint8Array; name: string }) {
  const [sheets, setSheets] = useState<SpreadsheetSheet[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState(0);
  const selectId = useId();
  useEffect(() => {
    let current = true;
    readSpreadsheet(bytes).then(
      (value) => current && setSheets(value),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [bytes]);
  if (failed) return <Unreadable />;
  if (sheets === null) return <Spinner aria-label="Reading the workbook" />;
  const sheet = sheets[chosen];
  if (!sheet) return <Text>This workbook has no sheets.</Text>;
  return (
    <Stack gap="3">
      {sheets.length > 1 ? (
        <HStack gap="2">
          <Text asChild>
            <label htmlFor={selectId}>Sheet</label>
          </Text>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              id={selectId}
              value={chosen}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {sheets.map((one, index) => (
                <option key={one.name} value={index}>
                  {one.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      ) : null}
      <SheetTable sheet={sheet} name={name} />
    </Stack>
  );
}

function Unreadable() {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>This file could not be read for a preview. Download it to open it.</Alert.Title>
    </Alert.Root>
  );
}

function Notebook({ text, name }: { text: string; name: string }) {
  const html = useMemo(() => {
    try {
      return renderNotebook(text);
    } catch {
      return null;
    }
  }, [text]);
  if (html === null) return <Unreadable />;
  return <Html html={html} label={name} />;
}

/**
 * The viewer of every kind but PDF (issue 24 item 1; decision record 058): Markdown
 * rendered and sanitised with highlighted code blocks, source code highlighted by its
 * extension, plain text, CSV as a table, raster images, Word .docx through mammoth,
 * Jupyter notebooks, Excel .xlsx workbooks as tables with a sheet chooser (decision
 * record 059; read-excel-file loads with the first workbook). Loaded with the first
 * preview of such a file.
 */
export function DocumentViewer({ bytes, kind, name }: { bytes: Uint8Array; kind: PreviewKind; name: string }) {
  const text = useMemo(
    () => (kind === 'image' || kind === 'docx' || kind === 'xlsx' ? '' : decode(bytes)),
    [bytes, kind],
  );
  const markdown = useMemo(() => (kind === 'markdown' ? renderMarkdown(text) : ''), [kind, text]);
  switch (kind) {
    case 'markdown':
      return <Html html={markdown} label={name} />;
    case 'code':
      return <Code text={text} language={languageOf(name)} label={name} />;
    case 'text':
      return <Code text={text} language="" label={name} />;
    case 'csv':
      return <CsvTable text={text} name={name} />;
    case 'image':
      return <Image bytes={bytes} name={name} />;
    case 'docx':
      return <Docx bytes={bytes} name={name} />;
    case 'notebook':
      return <Notebook text={text} name={name} />;
    case 'xlsx':
      return <Spreadsheet bytes={bytes} name={name} />;
    default:
      return <Unreadable />;
  }
}
