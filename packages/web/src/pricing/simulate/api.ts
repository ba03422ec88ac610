import type { ApiEnvelope, DropdownItemDto, SimulateSalesRequest, SimulateSalesResult } from '@backroom/schema';
import { http } from '../../api/http';
import { webRoot } from '../../config/webRoot';

/** The simulator's calls: `SimulateSales/AddItem` (legacy base) and the drop-downs of its pickers. */
export const simulateApi = {
  addItem: async (body: SimulateSalesRequest) =>
    (await http.post<ApiEnvelope<SimulateSalesResult>>(`${webRoot.legacyBase}/SimulateSales/AddItem`, body)).data.data,
  options: async (entity: string) =>
    (await http.get<ApiEnvelope<DropdownItemDto[]>>(`/api/AppModule/GetDropDown/${entity}`)).data.data,
};
