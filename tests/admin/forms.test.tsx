// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpError, RecordContextProvider, SimpleForm, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumericInput } from '../../admin/inputs/NumericInput.js';
import { PatternInput } from '../../admin/inputs/PatternInput.js';
import { combineDateTime, PublicAtInput, UnpublishAtInput } from '../../admin/inputs/PublicAtInput.js';
import { StatusField } from '../../admin/common/fields.js';
import { rules } from '../../admin/common/rules.js';
import { RESOURCE_VIEWS } from '../../admin/resources.js';
import { renderInAdmin } from './render.js';

const NewsCreate = RESOURCE_VIEWS.find((views) => views.name === 'news')?.create ?? (() => null);

afterEach(() => cleanup());

const noData = {} as DataProvider;

function renderForm(children: React.ReactNode, onSubmit = vi.fn()) {
  renderInAdmin(
    <SimpleForm onSubmit={onSubmit} defaultValues={{ public_at: '2025-03-09T06:05:00.000Z' }}>
      {children}
    </SimpleForm>,
    { dataProvider: noData, resource: 'news' },
  );
  return onSubmit;
}

describe('inputs built on the shared input masks', () => {
  it('the publication date field applies the dd.mm.yyyy mask while typing', async () => {
    const onSubmit = renderForm(<PublicAtInput source="public_at" />);
    const date = screen.getByTestId('public_at-date') as HTMLInputElement;
    const time = screen.getByTestId('public_at-time') as HTMLInputElement;
    await userEvent.clear(date);
    await userEvent.type(date, '32');
    expect(date.value).toBe('3');
    await userEvent.clear(date);
    await userEvent.type(date, '3113');
    expect(date.value).toBe('31.1');
    await userEvent.clear(date);
    await userEvent.type(date, '150118');
    expect(date.value).toBe('15.01.1');
    await userEvent.type(date, '3');
    expect(date.value).toBe('15.01.1');
    await userEvent.clear(date);
    await userEvent.type(date, '15012026');
    expect(date.value).toBe('15.01.2026');
    await userEvent.clear(time);
    await userEvent.type(time, '0930x');
    expect(time.value).toBe('09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ public_at: new Date(2026, 0, 15, 9, 30).toISOString() });
  });

  it('an unfinished date blocks saving with a message', async () => {
    const onSubmit = renderForm(<PublicAtInput source="public_at" />);
    const date = screen.getByTestId('public_at-date') as HTMLInputElement;
    await userEvent.clear(date);
    await userEvent.type(date, '1501');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Введите дату в виде дд.мм.гггг')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(combineDateTime('31.04.2026', '10:00')).toBeNull();
    expect(combineDateTime('30.04.2026', '24:00')).toBeNull();
    expect(combineDateTime('30.04.2026', '10:')).toBeNull();
  });

  it('labels the publication «Дата публикации», the withdrawal «Снять с публикации», each with its form, and another date by its field name', () => {
    renderForm(
      <>
        <PublicAtInput source="public_at" />
        <UnpublishAtInput validate={[]} />
      </>,
    );
    expect(screen.getByLabelText('Дата публикации (дд.мм.гггг)')).toBe(screen.getByTestId('public_at-date'));
    expect(screen.getByLabelText('Время (чч:мм)')).toBe(screen.getByTestId('public_at-time'));
    expect(screen.getByLabelText('Снять с публикации (дд.мм.гггг)')).toBe(screen.getByTestId('unpublish_at-date'));
    cleanup();
    renderInAdmin(
      <SimpleForm onSubmit={vi.fn()}>
        <PublicAtInput source="starts_at" />
      </SimpleForm>,
      { dataProvider: noData, resource: 'investor-events' },
    );
    expect(screen.getByLabelText('Начало')).toBe(screen.getByTestId('starts_at-date'));
  });

  it('a date without a time is the beginning of that day', () => {
    expect(combineDateTime('30.04.2026', '')).toBe(new Date(2026, 3, 30, 0, 0).toISOString());
  });

  it('the withdrawal date must come after the publication, and emptying both of its parts removes it', async () => {
    const onSubmit = renderForm(<UnpublishAtInput validate={rules('news', 'unpublish_at')} />);
    const date = screen.getByTestId('unpublish_at-date') as HTMLInputElement;
    const time = screen.getByTestId('unpublish_at-time') as HTMLInputElement;
    expect(screen.getByLabelText('Время снятия (чч:мм)')).toBe(time);
    // The form's publication is 09.03.2025 at 06:05 UTC; a withdrawal the day before is refused.
    await userEvent.type(date, '08032025');
    await userEvent.type(time, '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Дата окончания должна быть позже даты начала.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(date);
    await userEvent.clear(time);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ unpublish_at: null });
  });

  it('a numeric field refuses letters and keeps digits, and the pattern field fills its slots', async () => {
    const onSubmit = renderForm(
      <>
        <NumericInput source="position" label="Порядок" />
        <PatternInput source="phone" label="Телефон" pattern="+7 (999) 999-99-99" />
      </>,
    );
    const position = screen.getByLabelText('Порядок') as HTMLInputElement;
    const letter = fireEvent.keyDown(position, { key: 'e' });
    const digit = fireEvent.keyDown(position, { key: '7' });
    const copy = fireEvent.keyDown(position, { key: 'c', ctrlKey: true });
    expect(letter).toBe(false);
    expect(digit).toBe(true);
    expect(copy).toBe(true);
    fireEvent.change(position, { target: { value: '1a2' } });
    expect(position.value).toBe('12');
    const phone = screen.getByLabelText('Телефон') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '9161234567' } });
    expect(phone.value).toBe('+7 (916) 123-45-67');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ position: 12, phone: '+7 (916) 123-45-67' });
  });
});

describe('server validation errors', () => {
  it('are shown on the fields they name', async () => {
    const dataProvider = {
      create: vi.fn(async () => {
        throw new HttpError('Проверьте поля формы.', 400, {
          message: 'Проверьте поля формы.',
          errors: { title: 'Не длиннее 300 символов.', slug: 'Такой адрес уже есть.' },
        });
      }),
    };
    renderInAdmin(<NewsCreate />, { dataProvider: dataProvider as unknown as DataProvider, resource: 'news', path: '/news/create' });
    await userEvent.type(await screen.findByLabelText(/^Заголовок/), 'Новость');
    await userEvent.type(screen.getByLabelText(/^Адрес/), 'zanyatyi-adres');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(await screen.findByText('Не длиннее 300 символов.')).toBeTruthy();
    expect(await screen.findByText('Такой адрес уже есть.')).toBeTruthy();
  });
});

describe('the status column of lists', () => {
  const statusOf = (record: Record<string, unknown>) => {
    const { container } = renderInAdmin(
      <RecordContextProvider value={{ id: 1, ...record }}>
        <StatusField />
      </RecordContextProvider>,
      { dataProvider: noData, resource: 'news' },
    );
    const text = container.textContent;
    cleanup();
    return text;
  };
  const [past, earlier, future] = [new Date(Date.now() - 60_000), new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000)].map((date) =>
    date.toISOString(),
  );

  it('names a published item withdrawn once its unpublish_at has passed, and scheduled, published or draft otherwise', () => {
    expect(statusOf({ published: 1, public_at: earlier, unpublish_at: past })).toBe('Снято с публикации');
    expect(statusOf({ published: 1, public_at: earlier, unpublish_at: future })).toBe('Опубликовано');
    expect(statusOf({ published: 1, public_at: future, unpublish_at: null })).toBe('Запланировано');
    expect(statusOf({ published: 0, public_at: earlier, unpublish_at: past })).toBe('Черновик');
  });
});
