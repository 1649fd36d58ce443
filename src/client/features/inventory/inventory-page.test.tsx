// Medical Inventory as the pharmacist at Busia County Referral Hospital sees it (SPEC.md §2.15): the stock list
// and its cards while they load, when the server fails and is asked again, with nothing stocked and with stock;
// Add Item's messages for empty and impossible figures, and a form that keeps what was typed when the server
// refuses it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inventoryItem, inventoryStats } from '../../test/factories';
import { descriptionOf, fail, findToast, invalid, later, list, ok, placeholderRows, renderScreen } from '../../test/render-screen';
import { InventoryPage } from './inventory-page';

const ITEMS = [
  inventoryItem({ id: 1, itemName: 'Amoxicillin 500mg', currentStock: 450, minimumStock: 200, unitCost: 5, status: 'in_stock', lastRestocked: '2026-03-01' }),
  inventoryItem({ id: 2, itemName: 'Artemether-Lumefantrine', currentStock: 0, minimumStock: 100, unitCost: 0.5, status: 'out_of_stock', lastRestocked: null }),
];
const STATS = inventoryStats({ totalItems: 38, lowStock: 5, outOfStock: 2, totalValue: 184250 });

const store = (routes = {}) => ({ '/api/inventory': list(ITEMS), '/api/inventory/stats': ok(STATS), ...routes });

describe('Medical Inventory', () => {
  it('shows placeholder rows and no figures while the stock loads, then the stock lines with their count and the facility’s four figures', async () => {
    const items = later();
    const stats = later();
    renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store({ '/api/inventory': items.handler, '/api/inventory/stats': stats.handler }) });

    const table = screen.getByRole('table', { name: 'Stock lines with their current and minimum stock, status and value' });
    expect(placeholderRows(table)).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Inventory Items' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total Items' })).queryByText('38')).toBeNull();
    expect(screen.queryByText('No inventory items found')).toBeNull();

    items.release(list(ITEMS, 38));
    stats.release(ok(STATS));
    expect(await screen.findByRole('heading', { name: 'Inventory Items (38)' })).toBeTruthy();
    const amoxicillin = within(screen.getByRole('row', { name: /Amoxicillin 500mg/ }));
    expect(amoxicillin.getByText('Last restocked: 1 Mar 2026')).toBeTruthy();
    expect(amoxicillin.getByText('450 tablets')).toBeTruthy();
    expect(amoxicillin.getByText('200 tablets')).toBeTruthy();
    expect(amoxicillin.getByText('In Stock')).toBeTruthy();
    expect(amoxicillin.getByText('Ksh 2,250')).toBeTruthy();
    const artemether = within(screen.getByRole('row', { name: /Artemether-Lumefantrine/ }));
    expect(artemether.getByText('Not restocked yet')).toBeTruthy();
    expect(artemether.getByText('Out of Stock')).toBeTruthy();
    // A tablet's cost keeps its cents.
    expect(artemether.getByText('Ksh 0.50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update stock of Amoxicillin 500mg at Busia County Referral Hospital' })).toBeTruthy();

    const total = within(screen.getByRole('group', { name: 'Total Items' }));
    expect(await total.findByText('38')).toBeTruthy();
    expect(total.getByText('At Busia County Referral Hospital')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Low Stock' })).getByText('5')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total Value (KES)' })).getByText('Ksh 184,250')).toBeTruthy();
    expect(placeholderRows(table)).toHaveLength(0);
  });

  it('says why the stock could not be read, and Try again asks the server again', async () => {
    const { user, server } = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store({ '/api/inventory': fail(500, 'Database unavailable') }) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The inventory could not be loaded: 500: Database unavailable');
    server.on('/api/inventory', list(ITEMS));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Amoxicillin 500mg')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent('/api/inventory')).toHaveLength(2);
  });

  it('says nothing is stocked yet across the county, and offers to add the first item', async () => {
    const { user } = renderScreen(<InventoryPage />, { as: 'pharmacist', currentFacility: 0, routes: store({ '/api/inventory': list([]), '/api/inventory/stats': ok(inventoryStats()) }) });

    expect(await screen.findByRole('heading', { name: 'No inventory items found' })).toBeTruthy();
    expect(screen.getByText('No items are stocked yet. Add the first item to start tracking its stock.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total Items' })).getByText('All facilities in the county')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add First Item' }));
    expect(await screen.findByRole('dialog', { name: 'Add Inventory Item' })).toBeTruthy();
  });

  it('tells a filter that found nothing to try another', async () => {
    const { user, server } = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store() });
    await screen.findByText('Amoxicillin 500mg');
    server.on('/api/inventory', list([]));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Laboratory');

    expect(await screen.findByText('No items match these filters. Try another search or choose all facilities.')).toBeTruthy();
    expect(server.sent('/api/inventory').at(-1)?.query.get('category')).toBe('laboratory');
  });

  it('lets a nurse read the stock but not change it', async () => {
    renderScreen(<InventoryPage />, { as: 'nurse', routes: store() });

    await screen.findByText('Amoxicillin 500mg');
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Update stock of Amoxicillin 500mg at Busia County Referral Hospital' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Add Inventory Item', () => {
  async function openForm(routes = {}) {
    const parts = renderScreen(<InventoryPage />, { as: 'pharmacist', routes: store(routes) });
    await screen.findByText('Amoxicillin 500mg');
    await parts.user.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Inventory Item' }));
    return { ...parts, dialog };
  }

  it('names each required field left empty under the field, then a negative or fractional stock and a negative cost', async () => {
    const { user, dialog, server } = await openForm();
    // The facility starts at the pharmacist's own.
    expect((dialog.getByRole('combobox', { name: 'Facility' }) as HTMLSelectElement).value).toBe('1');
    const current = dialog.getByRole('spinbutton', { name: 'Current Stock' });
    const minimum = dialog.getByRole('spinbutton', { name: 'Minimum Stock' });
    const cost = dialog.getByRole('spinbutton', { name: 'Unit Cost (KES)' });

    await user.click(dialog.getByRole('button', { name: 'Add Item' }));

    await expect.poll(() => descriptionOf(dialog.getByRole('textbox', { name: 'Item Name' }))).toBe('Item name is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Category' }))).toBe('Category is required');
    expect(descriptionOf(current)).toBe('Current stock is required');
    expect(descriptionOf(minimum)).toBe('Minimum stock is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Unit' }))).toBe('Unit is required');
    expect(descriptionOf(dialog.getByRole('textbox', { name: 'Supplier' }))).toBe('Supplier is required');
    expect(descriptionOf(cost)).toBe('Unit cost is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Facility' }))).toBe('');

    // Checked again as the pharmacist types.
    await user.type(current, '-3');
    await user.type(minimum, '2.5');
    await user.type(cost, '-1');
    // Each field is checked again on its own change: the last one typed may be a render behind the first.
    await expect.poll(() => descriptionOf(current)).toBe('Current stock cannot be negative');
    await expect.poll(() => descriptionOf(minimum)).toBe('Minimum stock must be a whole number');
    await expect.poll(() => descriptionOf(cost)).toBe('Unit cost cannot be negative');
    await user.clear(current);
    await user.type(current, '120');
    await expect.poll(() => descriptionOf(current)).toBe('');
    expect(server.sent('POST /api/inventory')).toHaveLength(0);
  });

  it('keeps what was typed and shows the server’s message under its field when the server refuses it (400)', async () => {
    const { user, dialog, server } = await openForm({ 'POST /api/inventory': invalid({ facilityId: 'Unknown Facility', supplier: 'Supplier must be at most 200 characters' }) });

    await user.click(dialog.getByRole('textbox', { name: 'Item Name' }));
    await user.paste('Paracetamol 500mg');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Category' }), 'Pharmaceuticals');
    await user.type(dialog.getByRole('spinbutton', { name: 'Current Stock' }), '1000');
    await user.type(dialog.getByRole('spinbutton', { name: 'Minimum Stock' }), '200');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Unit' }), 'tablets');
    await user.click(dialog.getByRole('textbox', { name: 'Supplier' }));
    await user.paste('KEMSA');
    await user.type(dialog.getByRole('spinbutton', { name: 'Unit Cost (KES)' }), '0.5');
    await user.click(dialog.getByRole('button', { name: 'Add Item' }));

    const shown = await findToast('Failed to add inventory item');
    expect(shown.getByText('400: Unknown Facility; Supplier must be at most 200 characters')).toBeTruthy();
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Facility' }))).toBe('Unknown Facility');
    expect(descriptionOf(dialog.getByRole('textbox', { name: 'Supplier' }))).toBe('Supplier must be at most 200 characters');
    expect((dialog.getByRole('textbox', { name: 'Item Name' }) as HTMLInputElement).value).toBe('Paracetamol 500mg');
    expect((dialog.getByRole('spinbutton', { name: 'Current Stock' }) as HTMLInputElement).value).toBe('1000');
    expect((dialog.getByRole('spinbutton', { name: 'Unit Cost (KES)' }) as HTMLInputElement).value).toBe('0.5');
    expect((dialog.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).value).toBe('tablets');
    expect(server.sent('POST /api/inventory')[0]?.body).toEqual({
      itemName: 'Paracetamol 500mg',
      category: 'pharmaceuticals',
      facilityId: 1,
      currentStock: 1000,
      minimumStock: 200,
      unit: 'tablets',
      supplier: 'KEMSA',
      unitCost: 0.5,
    });
  });
});
